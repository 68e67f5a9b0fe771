/** The phone's id, made once per installation (kept across sign-outs): the server's "which phone". */
const DEVICE_KEY = 'device-id';

export function deviceId(storage: Storage = localStorage): string {
  let id = storage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    storage.setItem(DEVICE_KEY, id);
  }
  return id;
}
