const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The list requests of the scale bench as query parameters: a customer's full name searched, and
 * the completed orders of the last 30 days, newest first — a page of 20 each.
 */
export function scaleRequests(now = new Date()) {
  const monthAgo = new Date(now.getTime() - 30 * 24 * 3600 * 1000);
  return {
    customerSearch: { page: '1', limit: '20', search: 'احمد العتيبي' },
    orderList: {
      page: '1',
      limit: '20',
      status: 'completed',
      createdAtFrom: day(monthAgo),
      createdAtTo: day(now),
      sort: '-createdAt',
    },
  };
}
