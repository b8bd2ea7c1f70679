import { useEffect } from 'react';
import { APP_NAME } from './route-meta';
import { useRouteMeta } from './use-route-meta';

export function DocumentTitle() {
  const meta = useRouteMeta();
  const title = meta?.title;
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
  return null;
}
