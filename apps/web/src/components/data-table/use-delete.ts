import type { MessageAnswer } from '@idara/domain';
import { useCallback } from 'react';
import { apiUntyped } from '../../lib/api';
import { notify } from '../../lib/toast';
import { confirmDelete } from '../confirm';
import { useInvalidateResource } from './use-list-query';

/**
 * `remove(row)` asks with the delete confirmation, then `DELETE <resourcePath>/:id`, toasts the
 * API's message and refreshes the resource's queries. Errors (409 "referenced by …") are toasted by
 * the API client. `onDeleted` runs before the refresh (e.g. navigate away from a details page).
 */
export function useDeleteRecord(
  resourcePath: string,
  options: { onDeleted?: (id: string) => void } = {},
): (row: { _id: string; name?: unknown }) => void {
  const invalidate = useInvalidateResource(resourcePath);
  const { onDeleted } = options;
  return useCallback(
    (row) => {
      const name = typeof row.name === 'string' && row.name ? row.name : '';
      confirmDelete({
        message: name
          ? `هل تريد حذف «${name}»؟ لا يمكن التراجع عن هذا الإجراء.`
          : 'هل أنت متأكد من الحذف؟ لا يمكن التراجع عن هذا الإجراء.',
        accept: async () => {
          try {
            const res = await apiUntyped<MessageAnswer>(`${resourcePath}/${row._id}`, { method: 'DELETE' });
            notify.success(res?.message ?? 'تم الحذف');
            onDeleted?.(row._id);
            await invalidate();
          } catch {
            // the API client already showed the Arabic message
          }
        },
      });
    },
    [resourcePath, invalidate, onDeleted],
  );
}

/** Bulk form: confirm, `POST <resourcePath>/bulk-delete {ids}` (all or nothing), toast, refresh. */
export function useBulkDelete(resourcePath: string) {
  const invalidate = useInvalidateResource(resourcePath);
  return useCallback(
    (ids: string[], onDone?: () => void) => {
      confirmDelete({
        message: `هل تريد حذف ${ids.length === 1 ? 'السجل المحدد' : `السجلات المحددة (${ids.length})`}؟ لا يمكن التراجع عن هذا الإجراء.`,
        accept: async () => {
          try {
            const res = await apiUntyped<MessageAnswer>(`${resourcePath}/bulk-delete`, {
              method: 'POST',
              body: { ids },
            });
            notify.success(res?.message ?? 'تم الحذف');
            onDone?.();
            await invalidate();
          } catch {
            // toasted by the API client
          }
        },
      });
    },
    [resourcePath, invalidate],
  );
}
