/**
 * Runs `navigate` once the submit event is over. React Router navigates in a transition, and a
 * transition started inside a form's submit event makes React treat the form as a form action
 * and build a FormData of it for nothing (which fails outright in jsdom); the form is plain.
 */
export function afterSubmit(navigate: () => void): void {
  queueMicrotask(navigate);
}
