//! The strength estimate of a new password, shown as a meter on the sign-up and password pages:
//! zxcvbn's algorithm (`@zxcvbn-ts/core`) with its breached-password list and French words,
//! names and keyboard (AZERTY) layouts. It only advises: the server's own check (the same
//! algorithm and password list, `server/src/domain/password.rs`) decides, refusing what can be
//! guessed within a million tries. Loaded on demand: its dictionaries weigh about 1 MB.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as fr from '@zxcvbn-ts/language-fr';

const factory = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...fr.dictionary },
  graphs: common.adjacencyGraphs,
  translations: fr.translations,
});

/** zxcvbn's score: 0 (guessed in under a thousand tries) to 4 (over ten billion). */
export function passwordScore(password: string): 0 | 1 | 2 | 3 | 4 {
  return factory.check(password).score;
}
