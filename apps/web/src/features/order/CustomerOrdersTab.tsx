// Placeholder until the orders feature fills it: the customer's orders (GET /api/order?customer=…).
export default function CustomerOrdersTab(_props: { customerId: string }) {
  return null;
}
