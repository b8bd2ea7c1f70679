import { clockTime, formatSaudiPhoneLocal, riyadhDayOf, riyadhParts } from '@idara/domain';
import type { FieldCustomer, FieldVisit } from './field-api';

/**
 * What a visit card says of where and how to reach the customer: the national address as one
 * line, a maps link, call and WhatsApp links.
 */

/** «1234 شارع الملك فهد، حي العليا، الرياض 12345», or the visit's own address when the customer has none. */
export function addressLine(
  visit: Pick<FieldVisit, 'address' | 'cityName'>,
  customer: FieldCustomer,
): string {
  const street = [customer.buildingNumber, customer.street].filter(Boolean).join(' ');
  const district = customer.district ? `حي ${customer.district.replace(/^حي\s+/, '')}` : '';
  const city = [customer.cityName ?? visit.cityName, customer.postalCode].filter(Boolean).join(' ');
  const national = [street, district, city].filter(Boolean).join('، ');
  return visit.address.trim() || national;
}

/**
 * Google Maps' search address, from the address text: sites carry no coordinates yet
 * (https://developers.google.com/maps/documentation/urls/get-started#search-action).
 */
export function mapsUrl(visit: FieldVisit): string | null {
  const query = addressLine(visit, visit.customer);
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}

export const telUrl = (e164: string) => `tel:${e164}`;
/** wa.me takes the international number in digits only. */
export const whatsappUrl = (e164: string) => `https://wa.me/${e164.replace(/\D/g, '')}`;
export const phoneText = (e164: string) => (e164.startsWith('+966') ? formatSaudiPhoneLocal(e164) : e164);

/** «09:30 ص»: the visit's start, Riyadh time. */
export function visitClock(iso: string): string {
  const { hour, minute } = riyadhParts(iso);
  return clockTime(hour, minute);
}

/** «اليوم», «غداً», or the weekday-less date for another day. */
export function dayHeading(day: string, now = new Date()): string | null {
  const today = riyadhDayOf(now);
  const tomorrow = riyadhDayOf(new Date(now.getTime() + 86_400_000));
  if (day === today) return 'اليوم';
  if (day === tomorrow) return 'غداً';
  return null;
}
