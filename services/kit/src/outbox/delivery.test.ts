import { describe, expect, it } from 'vitest';
import { topicFor } from '@stageplein/contracts/events/envelope';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { parseReplayArgs } from '../runtime/replay-command.ts';
import { PoisonEventError, validateEvent } from './delivery.ts';
import { deadLetterTopic, kafkaTopic } from './kafka-transport.ts';
import { schoolYearEnvelope as envelope } from '../../test/fixtures/envelope.ts';

describe('validateEvent: what a consumer accepts (EVENT_PAYLOADS)', () => {
  it('accepts a valid envelope with valid data', () => {
    const e = envelope();
    expect(validateEvent(e)).toEqual(e);
  });

  it.each([
    ['bad envelope', envelope({ tenant: 'nowhere' }), /^invalid envelope: tenant: /],
    ['not an object', 'hello', /^invalid envelope: \(root\): /],
    [
      'unknown type',
      envelope({ type: 'organizations.unicorn.created' }),
      /^unknown event type organizations\.unicorn\.created$/,
    ],
    [
      'invalid data',
      envelope({ data: { name: 1 } }),
      /^invalid organizations\.school_year\.created data: name: /,
    ],
  ])('refuses %s as poison, with the reason', (_, raw, reason) => {
    expect(() => validateEvent(raw)).toThrow(PoisonEventError);
    expect(() => validateEvent(raw)).toThrow(reason);
  });
});

describe('kafka names', () => {
  it('are DESIGN §5 topics under the default namespace, prefixed otherwise', () => {
    for (const type of Object.keys(EVENT_PAYLOADS))
      expect(kafkaTopic('stageplein', type)).toBe(topicFor(type));
    expect(kafkaTopic('t-1', 'identity.role.added')).toBe('t-1.identity.role');
    expect(deadLetterTopic('stageplein')).toBe('stageplein.dead-letter');
  });
});

describe('events:replay arguments', () => {
  it('parses filters and refuses unknown ones', () => {
    expect(parseReplayArgs(['--list', '--service', 'organizations', '--id', 'a', '--id', 'b'])).toEqual({
      list: true,
      all: false,
      service: 'organizations',
      ids: ['a', 'b'],
    });
    expect(() => parseReplayArgs(['--group'])).toThrow(/--group needs a value/);
    expect(() => parseReplayArgs(['--force'])).toThrow(/unknown argument --force/);
  });
});
