import type { Answers } from '#engine';

/** An anonymous visitor's answers to public questions, kept on the device until sign-up (spec 000 §4.3). */
export interface AnswerBuffer {
  read(): Answers;
  write(values: Answers): void;
  clear(): void;
}

export const ANSWER_BUFFER_KEY = 'shop.consultation.buffer';

/** The buffer in localStorage, so it survives a reload; in memory where storage is unavailable. */
export function localAnswerBuffer(storage: Storage | undefined = globalThis.localStorage): AnswerBuffer {
  let memory: Answers = {};
  const read = (): Answers => {
    if (!storage) return memory;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(ANSWER_BUFFER_KEY) ?? '{}');
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Answers) : {};
    } catch {
      return {};
    }
  };
  return {
    read,
    write(values) {
      const next = { ...read(), ...values };
      memory = next;
      try {
        storage?.setItem(ANSWER_BUFFER_KEY, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the answers stay in memory for this visit.
      }
    },
    clear() {
      memory = {};
      storage?.removeItem(ANSWER_BUFFER_KEY);
    },
  };
}

/**
 * What the consultation starts from: the saved answers, with anything still buffered on the device
 * on top (spec 000 §3.8: buffered data is used in place of saved answers when non-empty).
 */
export function startingAnswers(saved: Answers, buffered: Answers): Answers {
  return Object.keys(buffered).length > 0 ? { ...saved, ...buffered } : saved;
}
