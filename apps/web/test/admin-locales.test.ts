import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../src/features/admin/locales/en.json';
import es from '../src/features/admin/locales/es.json';

/** Every key path of a nested catalogue, plural suffixes kept. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    keys(inner, prefix ? `${prefix}.${key}` : key),
  );
}

describe("the back office's texts", () => {
  it('has every English text in Spanish and no other', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it('has no empty text', () => {
    const texts = (value: unknown): unknown[] =>
      typeof value === 'object' && value !== null ? Object.values(value).flatMap(texts) : [value];
    for (const catalogue of [en, es]) {
      expect(
        texts(catalogue).filter((text) => typeof text !== 'string' || text.trim() === ''),
      ).toEqual([]);
    }
  });
});

/** Every audit action the API writes, read from its source: literals and the known templates. */
function actionsTheApiWrites(): string[] {
  const root = fileURLToPath(new URL('../../api/src/', import.meta.url));
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join(root, file), 'utf8'));
  const source = files.join('\n');
  const shared = readFileSync(
    fileURLToPath(new URL('../../../packages/shared/src/api/changes.ts', import.meta.url)),
    'utf8',
  );
  const found = new Set<string>();
  for (const match of source.matchAll(/action: '([a-z_]+\.[A-Za-z_-]+)'/g))
    found.add(match[1] ?? '');
  for (const match of source.matchAll(/auditSave\([^)]*\)|'(passenger\.[a-z]+)'/g)) {
    if (match[1]) found.add(match[1]);
  }
  // The templates: each must be known here, so that a new one fails until its values are listed.
  const templates = [...source.matchAll(/action: `([a-z_]+\.[^`\s]+)`/g)].map((match) =>
    (match[1] ?? '').replace(/\$\{[^}]+\}/g, '*'),
  );
  expect(templates.sort()).toEqual(['booking.*', 'incident.remove-*', 'tour.*'].sort());
  for (const kind of ['discount', 'addition']) found.add(`booking.${kind}`);
  for (const target of ['passenger', 'service']) found.add(`incident.remove-${target}`);
  for (const match of source.matchAll(/sectionSave\(\s*'([a-z]+)'/g)) found.add(`tour.${match[1]}`);
  // The changes (modules/changes/service.ts auditAction): each kind of the shared request.
  for (const match of shared.matchAll(/kind: z\.literal\('([A-Za-z]+)'\)/g)) {
    if (match[1] !== 'cancel') found.add(`booking.change-${match[1]}`);
  }
  expect(source).toContain("'booking.cancel-by-agency' : 'booking.cancel'");
  found.add('booking.cancel');
  found.add('booking.cancel-by-agency');
  return [...found].sort();
}

describe('the audit trail', () => {
  it('has a label, in both languages, for every action the API writes', () => {
    const actions = actionsTheApiWrites();
    expect(actions).toContain('booking.change-date');
    expect(actions).toContain('tour.policies');
    expect(actions).toContain('booking.pickup');
    for (const catalogue of [en, es]) {
      const labels = catalogue.audit.actions as Record<string, string>;
      expect(actions.filter((action) => !labels[action])).toEqual([]);
    }
  });
});
