import { ZxcvbnFactory, type TranslationKeys } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations as englishTranslations } from '@zxcvbn-ts/language-en';
import { SHOP_NAME } from '../../mail/layout';

/**
 * How hard a new password is to guess, judged by zxcvbn (@zxcvbn-ts/core, MIT,
 * https://github.com/zxcvbn-ts/zxcvbn), the estimator password fields commonly use: it finds the
 * cheapest way to guess a password from leaked-password lists, English words and names, keyboard
 * patterns, repeats, sequences, dates and look-alike swaps (p@ssw0rd), and scores it 0 to 4.
 * Scores below 3 (guessed in fewer than 10^8 tries) are refused. It all ships with the api, so a
 * password never leaves the server to be judged.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Only this many characters (UTF-16 units) are judged. zxcvbn's work grows quickly with length
 * (the schema's 200 characters of look-alike symbols take over a second), and a password whose
 * first 32 characters are hard to guess is hard to guess; passphrases of common words are judged
 * the same whole or cut.
 */
export const JUDGED_PASSWORD_LENGTH = 32;

/** zxcvbn's feedback, in words a shopper reads at the password field. */
const SHOPPER_WORDS: TranslationKeys = {
  ...englishTranslations,
  warnings: {
    ...englishTranslations.warnings,
    straightRow: 'Keys in a row on the keyboard, like "qwerty", are tried early.',
    keyPattern: 'Short patterns on the keyboard are tried early.',
    simpleRepeat: 'Repeated characters, like "aaa", are tried early.',
    extendedRepeat: 'Repeated patterns, like "abcabc", are tried early.',
    sequences: 'Runs like "abc" or "1234" are tried early.',
    recentYears: 'Recent years are tried early.',
    dates: 'Dates are tried early.',
    topTen: 'This is one of the ten most used passwords.',
    topHundred: 'This is one of the hundred most used passwords.',
    common: 'This is a very common password.',
    similarToCommon: 'This is a common password with a small change, and those are tried early.',
    wordByItself: 'A single word is tried early.',
    namesByThemselves: 'A name on its own is tried early.',
    commonNames: 'Common names are tried early.',
    userInputs: 'It contains your name, your email address or the shop’s name, which are tried first.',
  },
  suggestions: {
    ...englishTranslations.suggestions,
    l33t: 'Look-alike swaps, like @ for a or 0 for o, do not help.',
    reverseWords: 'Spelling a word backwards does not help.',
    allUppercase: 'Capitalise some letters, not all of them.',
    capitalization: 'Capitalise more than the first letter.',
    dates: 'Leave out dates and years that mean something to you.',
    recentYears: 'Leave out recent years.',
    associatedYears: 'Leave out years that mean something to you.',
    sequences: 'Leave out runs like "abc" or "1234".',
    repeated: 'Leave out repeated words and characters.',
    longerKeyboardPattern: 'Use a longer keyboard pattern that changes direction more often.',
    anotherWord: 'Add another word or two that are less common.',
    useWords: 'Use a few words together, but not a well-known saying.',
    noNeed: 'Symbols, digits and capitals are not needed: a few uncommon words make a strong password.',
  },
};

/** When zxcvbn names no single pattern (several weak parts together, like "Summer2024"). */
const GUESSED_QUICKLY = 'Passwords like this one are guessed quickly.';

let estimator: ZxcvbnFactory | undefined;

/**
 * Built once, when first needed: ranking the dictionaries takes a tenth of a second (a third on a
 * slow machine). The api's process builds it before it listens (`preparePasswordJudge`), so no
 * shopper waits for it; an app that never judges a password (many test suites) never builds it.
 */
function passwordEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations: SHOPPER_WORDS,
    maxLength: JUDGED_PASSWORD_LENGTH,
  });
  return estimator;
}

/** Builds the estimator now, before a shopper's first new password needs it. */
export function preparePasswordJudge(): void {
  passwordEstimator();
}

/** Whose password it is: what they are known by is what an attacker tries first. */
export interface PasswordOwner {
  first_name: string;
  last_name: string;
  email: string;
}

/** How people join a first and last name, in an email address or a password. */
const NAME_JOINS = ['', ' ', '.', '_', '-'];

/**
 * What an attacker who knows the shopper tries first: the shop's name, the shopper's names, both
 * together either way round, the email, its part before the @, and each word in them. zxcvbn
 * finds these anywhere in the password, in any case.
 */
function personalWords({ first_name, last_name, email }: PasswordOwner): string[] {
  const first = first_name.trim();
  const last = last_name.trim();
  const address = email.trim();
  const at = address.lastIndexOf('@');
  const localPart = at > 0 ? address.slice(0, at) : address;
  const fullNames = NAME_JOINS.flatMap((join) => [`${first}${join}${last}`, `${last}${join}${first}`]);
  const words = [first, last, localPart].flatMap((text) => text.match(/[\p{L}\p{N}]{3,}/gu) ?? []);
  return [...new Set([SHOP_NAME, first, last, ...fullNames, address, localPart, ...words])].filter(Boolean);
}

/**
 * Why `password` is too easy to guess for `owner` (zxcvbn's warning and suggestions, as
 * sentences), or null when it scores at least MIN_PASSWORD_SCORE.
 */
export function passwordWeakness(password: string, owner: PasswordOwner): string | null {
  const { score, feedback } = passwordEstimator().check(password, personalWords(owner));
  if (score >= MIN_PASSWORD_SCORE) return null;
  return [feedback.warning ?? GUESSED_QUICKLY, ...feedback.suggestions].join(' ');
}
