import { resetTestDates } from './bookings.ts';

// Run before each test file (the files of a worker share their modules): its bookings start from
// a year on again, as the file expects.
resetTestDates();
