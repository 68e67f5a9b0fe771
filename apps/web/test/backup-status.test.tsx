// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupStatusCard } from '../src/features/admin/components/backup-status.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { fakeApi } from './support/fake-api.ts';

/** The server's backups, as an administrator reads them under the staff list (issue 34). */
afterEach(resetApp);

const status = {
  scheduled: true,
  intervalHours: 24,
  keep: 7,
  folder: '/srv/cusco/backups',
  running: false,
  last: {
    file: 'cusco-backup-20261127T030000000Z.jsonl.gz',
    bytes: 2_211_568,
    at: '2026-11-27T03:00:00.000Z',
  },
  lastFailure: null,
};

describe('the backups card', () => {
  it('says when the last backup was written, its file and size, and the schedule', async () => {
    await speak('en');
    fakeApi({ 'GET admin/backups': { body: status } });
    renderInApp(<BackupStatusCard />);
    const card = screen.getByRole('region', { name: 'Backups' });
    expect(await screen.findByText(/^Last backup: /)).toBeTruthy();
    expect(card.textContent).toContain('cusco-backup-20261127T030000000Z.jsonl.gz (2.1 MB)');
    expect(card.textContent).toContain(
      'A backup every 24 hours; the newest 7 are kept in /srv/cusco/backups.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('in Spanish, with no backup yet, no schedule and the last failure', async () => {
    await speak('es');
    fakeApi({
      'GET admin/backups': {
        body: {
          ...status,
          scheduled: false,
          last: null,
          lastFailure: {
            at: '2026-11-27T03:00:00.000Z',
            message: 'ENOSPC: no space left on device',
          },
        },
      },
    });
    renderInApp(<BackupStatusCard />);
    expect(
      await screen.findByText('Todavía no hay ninguna copia en la carpeta de copias.'),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Copias de seguridad' }).textContent).toContain(
      'Esta instalación no hace copias programadas',
    );
    expect(screen.getByText('La última copia falló')).toBeTruthy();
    expect(screen.getByText(/ENOSPC: no space left on device/)).toBeTruthy();
  });
});
