import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Nubefact's JSON API (issue 30, ADR 0049), as the sandbox is for payments:
 * an HTTP server on a random port that checks the token (`Authorization: Token token="…"`),
 * records every request, and answers each generar_comprobante / generar_anulacion as the test
 * says: accepted, rejected with SUNAT's error code, unavailable (503), or no answer at all
 * (hang: the provider's timeout ends it). It keeps the documents it accepted or rejected, so a
 * second generar_comprobante of one is refused with Nubefact's code 23 ("already exists") and
 * consultar_comprobante / consultar_anulacion answers its state.
 */

export type SimulatedAnswer =
  | { outcome: 'accepted' }
  | { outcome: 'rejected'; code: string; description: string }
  | { outcome: 'pending' }
  | { outcome: 'unavailable' }
  | { outcome: 'hang' }
  /** Accepts it, then never answers: the answer is lost (the next try finds it with a query). */
  | { outcome: 'accept-and-hang' };

export interface ReceivedRequest {
  authorization: string | undefined;
  body: Record<string, unknown>;
}

const documentNames: Record<number, string> = { 1: 'Factura', 2: 'Boleta', 3: 'Nota de Credito' };

export async function startNubefactSimulator(token = 'test-nubefact-token') {
  const received: ReceivedRequest[] = [];
  /** What the next operations answer, in order; then `fallback`. */
  const queue: SimulatedAnswer[] = [];
  let fallback: SimulatedAnswer = { outcome: 'accepted' };
  /** Documents it has: serie-numero (or anulacion:serie-numero) → its answer's body. */
  const known = new Map<string, Record<string, unknown>>();
  const hanging = new Set<ServerResponse>();

  const reply = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  function stateOf(body: Record<string, unknown>, answer: SimulatedAnswer, voiding: boolean) {
    const kind = Number(body.tipo_de_comprobante);
    const code = `${body.serie}-${body.numero}`;
    const links = {
      enlace_del_pdf: `https://sim.nubefact.test/cpe/${code}.pdf`,
      enlace_del_xml: `https://sim.nubefact.test/cpe/${code}.xml`,
      enlace_del_cdr: `https://sim.nubefact.test/cpe/${code}.cdr`,
    };
    if (answer.outcome === 'rejected') {
      return {
        aceptada_por_sunat: false,
        sunat_responsecode: answer.code,
        sunat_description: answer.description,
        ...links,
      };
    }
    if (answer.outcome === 'pending') {
      return { aceptada_por_sunat: false, sunat_responsecode: null, sunat_description: null };
    }
    return {
      aceptada_por_sunat: true,
      sunat_responsecode: '0',
      sunat_description: voiding
        ? `La Comunicacion de baja de ${code}, ha sido aceptada`
        : `La ${documentNames[kind] ?? 'Factura'} numero ${code}, ha sido aceptada`,
      ...links,
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      return reply(response, 400, {
        errors: 'El archivo enviado no es un JSON valido',
        codigo: 20,
      });
    }
    received.push({ authorization: request.headers.authorization, body });
    if (request.method !== 'POST' || request.headers.authorization !== `Token token="${token}"`) {
      return reply(response, 401, { errors: 'El token no es valido', codigo: 10 });
    }
    const operation = String(body.operacion);
    const voiding = operation.endsWith('anulacion');
    const key = `${voiding ? 'anulacion:' : ''}${body.tipo_de_comprobante}-${body.serie}-${body.numero}`;
    if (operation === 'consultar_comprobante' || operation === 'consultar_anulacion') {
      const state = known.get(key);
      return state
        ? reply(response, 200, state)
        : reply(response, 400, { errors: 'El documento no existe', codigo: 24 });
    }
    if (operation !== 'generar_comprobante' && operation !== 'generar_anulacion') {
      return reply(response, 400, { errors: 'Operacion no valida', codigo: 20 });
    }
    const answer = queue.shift() ?? fallback;
    if (answer.outcome === 'unavailable') {
      return reply(response, 503, { errors: 'Servicio no disponible' });
    }
    if (answer.outcome === 'hang') {
      hanging.add(response);
      return;
    }
    if (known.has(key)) {
      return reply(response, 400, { errors: 'Este documento ya existe en NubeFacT', codigo: 23 });
    }
    const state = stateOf(body, answer, voiding);
    known.set(key, state);
    if (answer.outcome === 'accept-and-hang') {
      hanging.add(response);
      return;
    }
    return reply(response, 200, {
      tipo_de_comprobante: body.tipo_de_comprobante,
      serie: body.serie,
      numero: body.numero,
      ...state,
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => reply(response, 500, { errors: 'simulator error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/v1/test-route`,
    token,
    received,
    /** The answers of the next operations, in order. */
    next(...answers: SimulatedAnswer[]) {
      queue.push(...answers);
    },
    /** What every operation answers once the queue is empty. */
    always(answer: SimulatedAnswer) {
      fallback = answer;
    },
    /** The requests of one operation, in order. */
    operations(name: string) {
      return received.filter((request) => request.body.operacion === name).map((r) => r.body);
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type NubefactSimulator = Awaited<ReturnType<typeof startNubefactSimulator>>;
