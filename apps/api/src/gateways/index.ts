import type { PaymentsConfig } from '../config.ts';
import type { PaymentGateway } from './gateway.ts';
import { paymeGateway } from './payme/gateway.ts';
import { sandboxGateway } from './sandbox/gateway.ts';

export function createGateway(config: PaymentsConfig): PaymentGateway {
  return config.gateway === 'payme' ? paymeGateway(config.payme) : sandboxGateway();
}

export type { PaymentGateway } from './gateway.ts';
