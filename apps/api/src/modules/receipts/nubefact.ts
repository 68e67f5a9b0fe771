import type { CreditNoteDocument, ReceiptDocument, ReceiptLine } from './model.ts';
import type {
  ProviderAnswer,
  ReceiptProvider,
  ReceiptSendItem,
  SendItem,
  VoidingSendItem,
} from './provider.ts';

/**
 * Nubefact, a PSE (proveedor de servicios electrónicos), through its JSON API "Nubefact Online"
 * (ADR 0049): one POST per operation to the route URL the agency's account gives, with
 * `Authorization: Token token="…"`. A receipt is `generar_comprobante`; a voiding is one
 * `generar_anulacion` per document; a document the PSE already has (sent before an answer got
 * lost) is asked again with `consultar_comprobante` / `consultar_anulacion`. No answer in
 * 10 s, a 5xx or a network error is `unavailable`: the worker tries again later.
 */

export const NUBEFACT_TIMEOUT_MS = 10_000;

/** Nubefact's error code of a document it already has (then its state is asked). */
const ALREADY_EXISTS = 23;

/** Catalogue 01 → Nubefact's tipo_de_comprobante: 1 factura, 2 boleta, 3 credit note. */
const documentKinds: Record<string, number> = { '01': 1, '03': 2, '07': 3 };

/** Catalogue 06 → Nubefact's cliente_tipo_de_documento ('-' for a boleta without document). */
function clientDocumentType(document: ReceiptDocument): string {
  const { documentType, documentNumber } = document.customer;
  return documentNumber === '-' ? '-' : documentType;
}

/** Money in units with two decimals, as Nubefact's JSON takes it. */
const units = (cents: number) => Math.round(cents) / 100;

/** 2026-11-26 → 26-11-2026. */
const nubefactDate = (day: string) => day.split('-').reverse().join('-');

/** Catalogue 07 → Nubefact's tipo_de_igv: 1 taxed (onerous), 16 export. */
const igvKinds: Record<ReceiptLine['affectation'], number> = { '10': 1, '40': 16 };

function item(line: ReceiptLine) {
  const unitValue = units(line.valueCents) / line.quantity;
  const unitPrice = units(line.totalCents) / line.quantity;
  return {
    unidad_de_medida: line.unitCode,
    codigo: '',
    descripcion: line.description,
    cantidad: line.quantity,
    valor_unitario: Number(unitValue.toFixed(10)),
    precio_unitario: Number(unitPrice.toFixed(10)),
    descuento: '',
    subtotal: units(line.valueCents),
    tipo_de_igv: igvKinds[line.affectation],
    igv: units(line.igvCents),
    total: units(line.totalCents),
    anticipo_regularizacion: false,
  };
}

/** The `generar_comprobante` body of a receipt or credit note. */
export function nubefactDocument(document: ReceiptDocument) {
  const note =
    document.kind === 'credit_note'
      ? {
          documento_que_se_modifica_tipo: documentKinds[document.references.documentType],
          documento_que_se_modifica_serie: document.references.series,
          documento_que_se_modifica_numero: document.references.number,
          tipo_de_nota_de_credito: Number((document as CreditNoteDocument).noteType),
          observaciones: document.noteReason,
        }
      : {};
  return {
    operacion: 'generar_comprobante',
    tipo_de_comprobante: documentKinds[document.documentType],
    serie: document.series,
    numero: document.number,
    sunat_transaction: document.operationType === '0205' ? 2 : 1,
    cliente_tipo_de_documento: clientDocumentType(document),
    cliente_numero_de_documento: document.customer.documentNumber,
    cliente_denominacion: document.customer.name,
    cliente_direccion: document.customer.address ?? '',
    cliente_email: '',
    fecha_de_emision: nubefactDate(document.issueDate),
    moneda: document.currency === 'PEN' ? 1 : 2,
    tipo_de_cambio: document.exchangeRate ?? '',
    porcentaje_de_igv: 18,
    total_gravada: units(document.taxedCents),
    total_exportacion: units(document.exportCents),
    total_igv: units(document.igvCents),
    total: units(document.totalCents),
    orden_compra_servicio: document.bookingCode,
    enviar_automaticamente_a_la_sunat: true,
    enviar_automaticamente_al_cliente: false,
    items: document.lines.map(item),
    ...note,
  };
}

/** What Nubefact answers: the document's state at SUNAT, or an error with its code. */
interface NubefactAnswer {
  aceptada_por_sunat?: boolean;
  sunat_responsecode?: string | null;
  sunat_description?: string | null;
  sunat_soap_error?: string | null;
  enlace_del_pdf?: string;
  enlace_del_xml?: string;
  enlace_del_cdr?: string;
  errors?: string;
  codigo?: number;
}

type Exchange = { status: number; body: NubefactAnswer } | { unavailable: string };

/** SUNAT's codes of a rejection: 2000–3999 (from 4000 they are observations of an acceptance). */
const isRejection = (code: string) =>
  /^\d+$/.test(code) && Number(code) >= 2000 && Number(code) < 4000;

/** Maps an answer onto the port's outcome. */
export function answerOf(body: NubefactAnswer): ProviderAnswer {
  const links = {
    ...(body.enlace_del_pdf && { pdf: body.enlace_del_pdf }),
    ...(body.enlace_del_xml && { xml: body.enlace_del_xml }),
    ...(body.enlace_del_cdr && { cdr: body.enlace_del_cdr }),
  };
  const code = body.sunat_responsecode ?? undefined;
  const description = body.sunat_description ?? body.sunat_soap_error ?? undefined;
  const said = {
    ...(code !== undefined && { code: String(code) }),
    ...(description && { description }),
    ...(Object.keys(links).length > 0 && { links }),
  };
  if (body.aceptada_por_sunat === true) return { outcome: 'accepted', ...said };
  if (code !== undefined && isRejection(String(code))) return { outcome: 'rejected', ...said };
  // Sent, SUNAT's word not there yet (a boleta goes in the day's summary): asked again later.
  return {
    outcome: 'unavailable',
    ...said,
    description: description ?? 'Sent to the PSE; SUNAT has not answered yet',
  };
}

export function nubefactProvider(settings: {
  url: string;
  token: string;
  /** How long an answer may take (10 s; tests make it short). */
  timeoutMs?: number;
}): ReceiptProvider {
  const timeoutMs = settings.timeoutMs ?? NUBEFACT_TIMEOUT_MS;
  async function post(body: object): Promise<Exchange> {
    try {
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: {
          authorization: `Token token="${settings.token}"`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      if (response.status >= 500) {
        return { unavailable: `The PSE answered ${response.status}` };
      }
      try {
        return { status: response.status, body: JSON.parse(text) as NubefactAnswer };
      } catch {
        return { unavailable: `The PSE answered ${response.status} without JSON` };
      }
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      return {
        unavailable:
          name === 'TimeoutError' || name === 'AbortError'
            ? `The PSE did not answer within ${timeoutMs / 1000} s`
            : `The PSE could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  /** An error of the PSE itself (a bad token, a malformed document): no word of SUNAT's. */
  function errorAnswer(body: NubefactAnswer): ProviderAnswer {
    return {
      outcome: 'unavailable',
      code: `nubefact-${body.codigo ?? 'error'}`,
      description: body.errors ?? 'The PSE refused the request',
    };
  }

  /** Sends one operation; a document the PSE already has is asked for with `query`. */
  async function operate(body: object, query: object): Promise<ProviderAnswer> {
    let exchange = await post(body);
    if ('body' in exchange && exchange.body.errors && exchange.body.codigo === ALREADY_EXISTS) {
      exchange = await post(query);
    }
    if ('unavailable' in exchange)
      return { outcome: 'unavailable', description: exchange.unavailable };
    if (exchange.body.errors) return errorAnswer(exchange.body);
    return answerOf(exchange.body);
  }

  function sendReceipt(item: ReceiptSendItem) {
    const body = nubefactDocument(item.document);
    return operate(body, {
      operacion: 'consultar_comprobante',
      tipo_de_comprobante: body.tipo_de_comprobante,
      serie: body.serie,
      numero: body.numero,
    });
  }

  /** Nubefact voids one document per call: the voiding is accepted when each one is. */
  async function sendVoiding(item: VoidingSendItem): Promise<ProviderAnswer> {
    const answers: ProviderAnswer[] = [];
    for (const document of item.documents) {
      const key = {
        tipo_de_comprobante: documentKinds[document.documentType],
        serie: document.series,
        numero: document.number,
      };
      answers.push(
        await operate(
          {
            operacion: 'generar_anulacion',
            ...key,
            motivo: item.reason,
            codigo_unico: item.identifier,
          },
          { operacion: 'consultar_anulacion', ...key },
        ),
      );
    }
    return (
      answers.find((answer) => answer.outcome === 'rejected') ??
      answers.find((answer) => answer.outcome === 'unavailable') ??
      answers[0] ?? { outcome: 'accepted', code: '0' }
    );
  }

  return {
    name: 'nubefact',
    send: (item: SendItem) => (item.kind === 'receipt' ? sendReceipt(item) : sendVoiding(item)),
  };
}
