import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  detailsPath,
  holds,
  permissionOf,
  type RecordAction,
  type RecordDocument,
  type Resource,
} from '../../app/resource';
import { apiUntyped } from '../../lib/api';
import { can, useAuth } from '../../lib/auth';
import { notify } from '../../lib/toast';
import { ask, ReasonModal } from '../confirm';
import { resourceKey } from '../data-table/use-list-query';
import { downloadFile } from '../export/export-store';
import { actionIcons } from './action-icons';

type Row = { _id: string } & Record<string, unknown>;

/**
 * A record's own actions (cancel, renew, a visit's next steps): each for those who may, while its
 * condition holds; asked first when it says so; then `POST <api>/:id/<path>`, the toast, and the
 * record (or the new one it made) read again. `also` are the other resources an action changes
 * (a contract's visits), read again too.
 */
export function RecordActions({
  resource,
  actions,
  row,
  also = [],
}: {
  resource: Resource;
  actions: RecordAction[];
  row: Row;
  also?: string[];
}) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<string | null>(null);
  const [reasonFor, setReasonFor] = useState<RecordAction | null>(null);
  const shown = actions.filter(
    (a) => holds(a.when, row) && can(user, [permissionOf(resource, a.permission)]),
  );

  const run = async (action: RecordAction, reason?: string) => {
    setRunning(action.label);
    try {
      const made = await apiUntyped<Row>(`${resource.api}/${row._id}/${action.path}`, {
        method: 'POST',
        body: { ...action.body, ...(reason ? { reason } : {}) },
      });
      setReasonFor(null);
      notify.success(action.done);
      await Promise.all(
        [resource.api, ...also].map((api) => queryClient.invalidateQueries({ queryKey: resourceKey(api) })),
      );
      if (action.opensResult) navigate(detailsPath(resource, made._id));
    } catch {
      // The API client said why in a toast; the record stays as it is.
    } finally {
      setRunning(null);
    }
  };

  const start = async (action: RecordAction) => {
    if (action.reason) return setReasonFor(action);
    if (
      action.confirm &&
      !(await ask({
        header: action.confirm.title,
        message: action.confirm.message,
        acceptLabel: action.confirm.confirmLabel,
        danger: action.color === 'red',
      }))
    )
      return;
    await run(action);
  };

  if (shown.length === 0) return null;
  return (
    <>
      {shown.map((action) => {
        const Icon = actionIcons[action.icon];
        return (
          <Button
            key={action.label}
            variant="light"
            color={action.color}
            leftSection={<Icon size={16} />}
            loading={running === action.label}
            disabled={running !== null && running !== action.label}
            onClick={() => void start(action)}
          >
            {action.label}
          </Button>
        );
      })}
      {reasonFor?.reason && (
        <ReasonModal
          opened
          title={reasonFor.reason.title}
          label={reasonFor.reason.label}
          placeholder={reasonFor.reason.placeholder}
          submitLabel={reasonFor.reason.submitLabel}
          color={reasonFor.color ?? 'red'}
          busy={running === reasonFor.label}
          onClose={() => setReasonFor(null)}
          onSubmit={(reason) => run(reasonFor, reason)}
        />
      )}
    </>
  );
}

/** The files a record prints (a visit's report), each downloaded as the server names it. */
export function RecordDocuments({
  resource,
  documents,
  row,
}: {
  resource: Resource;
  documents: RecordDocument[];
  row: Row;
}) {
  const [running, setRunning] = useState<string | null>(null);
  const download = async (doc: RecordDocument) => {
    setRunning(doc.label);
    try {
      await downloadFile(`${resource.api}/${row._id}/${doc.path}`, 'application/pdf', doc.fileName);
    } catch {
      // The API client said why in a toast.
    } finally {
      setRunning(null);
    }
  };
  return documents
    .filter((doc) => holds(doc.when, row))
    .map((doc) => (
      <Button
        key={doc.label}
        variant="default"
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        loading={running === doc.label}
        onClick={() => void download(doc)}
      >
        {doc.label}
      </Button>
    ));
}
