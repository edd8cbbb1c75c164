/** A server's answer to a whole form (taken email, wrong password), read out when it appears. */
export function FormError({ message }: { message: unknown }) {
  if (!message) return null;
  return (
    <p className="sf-form-error" role="alert">
      {String(message)}
    </p>
  );
}
