// Where an account is, as people say it ("Tel Aviv, Israel"), never as
// coordinates: the town and country the account gave, else the town nearest
// its coordinates; the country named in the reader's language.
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import hebrew from 'i18n-iso-countries/langs/he.json' with { type: 'json' };
import type { Account } from '../db/records.ts';
import { nearestTown } from '../places/nearest-city.ts';
import type { Language } from './portal/language.ts';

countries.registerLocale(english);
countries.registerLocale(hebrew);

/** The ISO code of a country given as a code ("IL") or a name in English or Hebrew, or undefined. */
function countryCodeOf(given: string): string | undefined {
  const text = given.trim();
  if (/^[A-Za-z]{2}$/.test(text) && countries.isValid(text.toUpperCase())) return text.toUpperCase();
  return countries.getAlpha2Code(text, 'en') ?? countries.getAlpha2Code(text, 'he');
}

/** "Town, Country" (either may be missing), or null when the account says nothing of where it is. */
export function describePlace(account: Pick<Account, 'city' | 'country' | 'lat' | 'lng'>, lang: Language): string | null {
  const located = account.lat !== null && account.lng !== null && !(account.lat === 0 && account.lng === 0);
  const town = account.city.trim() === '' && located ? nearestTown(account.lat ?? 0, account.lng ?? 0) : null;
  const city = account.city.trim() !== '' ? account.city.trim() : (town?.name ?? '');
  const code = account.country.trim() !== '' ? countryCodeOf(account.country) : town?.countryCode;
  const country = code === undefined ? account.country.trim() : (countries.getName(code, lang) ?? account.country.trim());
  const place = [city, country].filter((part) => part !== '').join(', ');
  return place === '' ? null : place;
}
