import { configure } from '@testing-library/react';

// Parts of the screens load on demand (the date pickers, Select, the dialogs: ADR 0053): the
// first import of one in a worker, while the other worker fills a form on a busy two-core
// machine, took more than Testing Library's default second to arrive. findBy… and waitFor give a
// condition up to 5 s; a condition met sooner is seen as soon.
configure({ asyncUtilTimeout: 5_000 });
