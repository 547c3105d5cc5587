import i18n from 'i18next';
import { interpretEnvelope as interpret, type EnvelopeOutcome as Outcome, type ResponseFacts } from '@pest/shared';

export type { ResponseFacts };

type Worded<O> = O extends { message?: string } ? Omit<O, 'message'> & { message: string } : O;

/** How the console must react to one response (console-spec section 8): every failure has words to show. */
export type EnvelopeOutcome = Worded<Outcome>;

/** The spec's 'Error' (section 8) in the interface language, read each time so it follows a switch. */
const genericError = () => i18n.t('errors:genericError');

/** The shared reading of a response, with the spec's 'Error' where the server and the transport said nothing. */
export function interpretEnvelope(facts: ResponseFacts): EnvelopeOutcome {
  const outcome = interpret(facts);
  if (outcome.kind === 'ok' || outcome.kind === 'timeout') return outcome;
  return { ...outcome, message: outcome.message ?? genericError() };
}
