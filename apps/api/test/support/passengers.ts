import {
  addYears,
  type BookingDetail,
  bookingDetail,
  type OptionListKey,
  optionList,
  optionListKeys,
  type PassengerPayload,
  todayInLima,
} from '@cusco/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './accounts.ts';
import { type BookingOptions, bookingFor, loadTour, postBooking } from './bookings.ts';

/** Books a tour for a customer; answers the reservation code and its detail. */
export async function bookWithSlots(
  app: FastifyInstance,
  token: string,
  tourCode = '100401',
  options: BookingOptions = { adults: 1, students: 1 },
): Promise<{ code: string; detail: BookingDetail }> {
  const tour = await loadTour(app, tourCode);
  const response = await postBooking(app, token, bookingFor(tour, options));
  expect(response.statusCode, response.body).toBe(201);
  const code = response.json().code as string;
  return { code, detail: await detailOf(app, token, code) };
}

export async function detailOf(
  app: FastifyInstance,
  token: string,
  code: string,
): Promise<BookingDetail> {
  const response = await app.inject({ url: `/api/tour/booking/${code}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return bookingDetail.parse(response.json());
}

/** The first slot of a customer type in a booking detail. */
export function slotOf(detail: BookingDetail, typeId: string) {
  const slot = detail.passangerRegistry.find((candidate) => candidate.typeId === typeId);
  if (!slot) throw new Error(`no slot of type ${typeId}`);
  return slot;
}

export type PassengerOptions = Record<OptionListKey | 'job', { id: string; name: string }[]>;

/** Every option list of the passenger form and the jobs, read through the API. */
export async function loadPassengerOptions(
  app: FastifyInstance,
  token: string,
): Promise<PassengerOptions> {
  const lists = await Promise.all(
    [...optionListKeys.map((key) => `/api/optionlist/listbykey/${key}`), '/api/job/list'].map(
      async (url) => {
        const response = await app.inject({ url, headers: bearer(token) });
        expect(response.statusCode, response.body).toBe(200);
        return optionList.parse(response.json());
      },
    ),
  );
  return Object.fromEntries(
    [...optionListKeys, 'job'].map((key, index) => [key, lists[index] ?? []]),
  ) as PassengerOptions;
}

const first = (items: { id: string }[]) => items[0]?.id ?? '';

/** A complete, valid passenger payload for an adult (add dateExpirationCard for a student). */
export function passengerBody(
  options: PassengerOptions,
  bookingcode: string,
  overrides: Partial<Record<keyof PassengerPayload, unknown>> = {},
): Record<string, unknown> {
  return {
    firstName: 'Lucía',
    lastName: 'Mamani',
    eMail: 'Lucia.Mamani@Example.com',
    birthDate: '1994-08-21',
    expirationDate: addYears(todayInLima(), 5),
    sexId: first(options.sex),
    documentTypeId: first(options.DocumentType),
    documentNumber: 'P1234567',
    maritalStatusId: first(options.MaritalStatus),
    jobId: first(options.job),
    countryId: 'PE',
    mobileNumber: '+51 984 111 222',
    foodPreferencesId: first(options.FoodPreference),
    foodObservation: 'No pork',
    allergyObservation: null,
    medicalRequirement: '',
    travelPurposeId: first(options.TravelPurpose),
    travelPurposeObservation: null,
    trekkingExperienceId: first(options.TrekkingExperience),
    trekkingExperienceObservation: 'Two treks in Nepal',
    dateExpirationCard: null,
    bookingcode,
    ...overrides,
  };
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

/** A real 1×1 PNG. */
export function pngBytes(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
}

/**
 * A real baseline JPEG: one 8×8 grey block, with one-code Huffman tables (DC difference 0,
 * then end of block), so the whole scan is one byte.
 */
export function jpegBytes(): Buffer {
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const oneCodeTable = (tableClassAndId: number) => [
    tableClassAndId,
    1,
    ...new Array(15).fill(0),
    0x00,
  ];
  return Buffer.from([
    0xff,
    0xd8, // SOI
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // APP0 JFIF
    ...segment(0xdb, [0x00, ...new Array(64).fill(1)]), // DQT
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]), // SOF0: 8×8, one component
    ...segment(0xc4, oneCodeTable(0x00)), // DHT DC 0
    ...segment(0xc4, oneCodeTable(0x10)), // DHT AC 0
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
    0x3f, // DC code 0, EOB code 0, padded with ones
    0xff,
    0xd9, // EOI
  ]);
}

export interface UploadFile {
  bytes: Uint8Array;
  name: string;
  type?: string;
}

/**
 * A multipart/form-data body built by the platform's FormData (as a browser sends it), for
 * `app.inject`: the payload and its content-type header with the boundary.
 */
export async function multipartBody(
  files: Record<string, UploadFile>,
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(
      name,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** POST client/{id}/add/document with these parts. */
export async function uploadDocument(
  app: FastifyInstance,
  token: string,
  clientId: string,
  files: Record<string, UploadFile>,
  fields: Record<string, string> = {},
) {
  const { payload, headers } = await multipartBody(files, fields);
  return app.inject({
    method: 'POST',
    url: `/api/client/${clientId}/add/document`,
    headers: { ...bearer(token), ...headers },
    payload,
  });
}
