import { mailRequestCases } from './mail-requests.cases.ts';

// On the embedded profile's in-process transport (the Kafka run: mail-requests.kafka.int.test.ts).
mailRequestCases(() => ({}));
