import { type ReactNode, useState } from 'react';
import type { OverrideTexts } from '../../app/resource';
import { apiUntyped, isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { ClashDialog } from '../confirm';

/** The office let go of the booking at the clash dialog: nothing is said, the form stays as it was. */
class BookingWithdrawn extends Error {}

/**
 * A form's save that may meet a clash (409 with `clash`: a double booking): the clash dialog says
 * the server's message and asks why to book anyway, and the same body goes again with
 * `override: {reason}` (again and again while someone else's booking keeps clashing); closing the
 * dialog saves nothing. Without `texts` the form saves as every form does.
 */
export function useClashOverride(texts: OverrideTexts | undefined, target: string, editing: boolean) {
  const [asking, setAsking] = useState<{ message: string; answer: (reason: string | null) => void } | null>(
    null,
  );
  const ask = (message: string) =>
    new Promise<string | null>((resolve) => setAsking({ message, answer: resolve }));
  const answer = (reason: string | null) => {
    asking?.answer(reason);
    setAsking(null);
  };

  const save =
    texts &&
    (async (body: unknown, _values: unknown, request: object) => {
      let sent = body as Record<string, unknown>;
      for (;;) {
        try {
          return await apiUntyped<Record<string, unknown>>(target, {
            method: editing ? 'PUT' : 'POST',
            body: sent,
            ...request,
            quietStatuses: [409],
          });
        } catch (error) {
          if (!isApiError(error) || error.status !== 409) throw error;
          if (!error.body.clash) {
            // Quiet above for the clash's sake: any other refusal is said here.
            notify.error(error.message);
            throw error;
          }
          const reason = await ask(error.message);
          if (!reason) throw new BookingWithdrawn();
          sent = { ...sent, override: { reason } };
        }
      }
    });

  const dialog: ReactNode = asking && texts && (
    <ClashDialog
      message={asking.message}
      texts={texts}
      onClose={() => answer(null)}
      onSubmit={(reason) => answer(reason)}
    />
  );
  return { save, dialog };
}
