// A failed call, said plainly, in a live region so screen readers hear it without moving focus.
import { describeError } from '../api/api-error.ts';

export function ErrorNotice({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return (
    <div className="notice error" role="alert">
      {describeError(error)}
    </div>
  );
}
