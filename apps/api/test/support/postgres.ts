/** The URL of a database named `name` on the TEST_DATABASE_URL server. */
export function databaseUrl(name: string): string {
  const base = new URL(process.env.TEST_DATABASE_URL ?? '');
  base.pathname = `/${name}`;
  return base.toString();
}
