import { testKafka } from '@stageplein/testing/kafka';
import { mailRequestCases } from './mail-requests.cases.ts';

// The same cases on the distributed profile's transport: the run's Kafka broker, a namespace of their own.
mailRequestCases(() => {
  const { brokers, namespace } = testKafka();
  return { KAFKA_BROKERS: brokers.join(','), KAFKA_NAMESPACE: namespace };
});
