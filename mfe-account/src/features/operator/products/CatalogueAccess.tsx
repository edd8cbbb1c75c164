import { apiErrorMessage, Link } from '@storefront/shared';
import { accessProblem, OperatorAccessNotice } from '../OperatorAccess';

/**
 * Why a catalogue page shows nothing, or null when the api's refusal is not about access. A 403
 * here usually means an operator of the orders without the catalogue role: the api's message
 * says how to get it, so it is shown as the api gives it.
 */
export function CatalogueAccessNotice({ error }: { error: unknown }) {
  const problem = accessProblem(error);
  if (problem === 'signed_out') return <OperatorAccessNotice problem={problem} heading={false} />;
  if (problem !== 'not_operator') return null;
  return (
    <div className="sf-notice" data-testid="operator-access">
      <p>{apiErrorMessage(error, 'Editing the catalogue needs an operator’s account with the catalogue role.')}</p>
      <Link to="/operator">Go to the shop’s orders</Link>
    </div>
  );
}

/** True when `CatalogueAccessNotice` has something to say about `error`. */
export function isAccessRefusal(error: unknown): boolean {
  return accessProblem(error) !== null;
}
