import type { RoutesPlugin } from '../../http/response-contract';
import { agingCustomerRoutes } from './aging-customer';
import { agingExportRoutes } from './aging-export';
import { agingRoutes } from './aging-routes';
import { vatDocumentRoutes } from './vat-documents';
import { vatExportRoutes } from './vat-export';
import { vatRoutes } from './vat-routes';
import { visitsExportRoutes } from './visits-export';
import { visitsReportRoutes } from './visits-report';

/** Reports (docs/API.md "Reports"), one file per report. */
export const reportRoutes: RoutesPlugin = async (app) => {
  await app.register(agingRoutes);
  await app.register(agingExportRoutes);
  await app.register(agingCustomerRoutes);
  await app.register(vatRoutes);
  await app.register(vatDocumentRoutes);
  await app.register(vatExportRoutes);
  await app.register(visitsReportRoutes);
  await app.register(visitsExportRoutes);
};
