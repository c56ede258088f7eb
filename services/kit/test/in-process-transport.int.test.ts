import { InProcessTransport } from '../src/outbox/in-process-transport.ts';
import { FAST_RETRY, transportContract } from './transport-contract.ts';

transportContract('in-process', () => new InProcessTransport({ retry: FAST_RETRY }));
