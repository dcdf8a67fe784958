// Writes bench/redaction/labelled-set.txt, the labelled sentences bench/redaction.ts measures the PII detectors
// on: English and French customer-service sentences, each piece of personal data marked `{type:text}`, with
// sentences holding none (order numbers, dates, amounts, times, postcodes, numbers failing their checksum). The
// values are drawn from a seeded generator, so the file is the same at every run.
// Run: npx tsx scripts/redaction-labelled-set.ts
import { writeFileSync } from 'node:fs';
import { composeIBAN, isValidIBAN } from 'ibantools';
import { passesLuhn } from '../server/redaction/luhn';

let seed = 23;
/** A seeded pseudo-random number in [0, 1) (mulberry32). */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const digits = (count: number) => Array.from({ length: count }, () => Math.floor(random() * 10)).join('');
const groups = (text: string, sizes: number[], separator: string) => {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(text.slice(at, at + size));
    at += size;
  }
  return parts.filter(Boolean).join(separator);
};

function luhnCompletion(body: string): string {
  for (let check = 0; check <= 9; check++) if (passesLuhn(body + check)) return body + check;
  throw new Error('unreachable');
}

function cardNumber(): { digits: string; sizes: number[] } {
  const kind = pick(['visa', 'visa', 'mastercard', 'amex', 'discover', 'mastercard2']);
  if (kind === 'amex') return { digits: luhnCompletion(pick(['34', '37']) + digits(12)), sizes: [4, 6, 5] };
  const prefix = { visa: '4', mastercard: `5${pick([...'12345'])}`, discover: '6011', mastercard2: '2221' }[
    kind
  ]!;
  return { digits: luhnCompletion(prefix + digits(15 - prefix.length)), sizes: [4, 4, 4, 4] };
}

function writtenCard(): string {
  const card = cardNumber();
  return groups(card.digits, card.sizes, pick([' ', ' ', '-', '']));
}

/** Sixteen digits that fail the Luhn check: an order or contract number. */
function notACard(): string {
  for (;;) {
    const number = pick(['4', '5', '3', '6']) + digits(15);
    if (!passesLuhn(number)) return groups(number, [4, 4, 4, 4], pick([' ', '-', '']));
  }
}

function ribKey(bank: string, branch: string, account: string): string {
  const key = 97 - ((89 * Number(bank) + 15 * Number(branch) + 3 * Number(account)) % 97);
  return String(key).padStart(2, '0');
}

function ibanNumber(): string {
  for (;;) {
    const country = pick(['FR', 'FR', 'FR', 'DE', 'GB', 'ES', 'BE', 'IT']);
    let bban: string;
    if (country === 'FR') {
      const [bank, branch, account] = [digits(5), digits(5), digits(11)];
      bban = bank + branch + account + ribKey(bank, branch, account);
    } else if (country === 'DE') bban = digits(18);
    else if (country === 'GB') bban = pick(['NWBK', 'BARC', 'LOYD', 'HBUK']) + digits(14);
    else if (country === 'ES') bban = digits(20);
    else if (country === 'BE') {
      const body = digits(10);
      bban = body + String(Number(body) % 97 || 97).padStart(2, '0');
    } else bban = 'X' + digits(10) + digits(12);
    const iban = composeIBAN({ countryCode: country, bban });
    if (iban && isValidIBAN(iban))
      return pick([true, true, false]) ? iban.replace(/(.{4})/g, '$1 ').trim() : iban;
  }
}

/** An IBAN with one check digit changed: it fails the checksum. */
function notAnIban(): string {
  const iban = ibanNumber().replace(/ /g, '');
  const broken = iban.slice(0, 3) + ((Number(iban[3]) + 1) % 10) + iban.slice(4);
  return broken.replace(/(.{4})/g, '$1 ').trim();
}

function nirParts(): string[] {
  const department = pick(['75', '69', '13', '2A', '2B', '33', '59', '44', '06', '31']);
  const parts = [
    pick(['1', '2']),
    digits(2),
    String(1 + Math.floor(random() * 12)).padStart(2, '0'),
    department,
    digits(3),
    digits(3),
  ];
  const numeric = BigInt(parts.join('').replace('2A', '19').replace('2B', '18'));
  return [...parts, String(97n - (numeric % 97n)).padStart(2, '0')];
}

function nir(): string {
  const parts = nirParts();
  return pick([true, false]) ? parts.join(' ') : parts.join('');
}

function notANir(): string {
  const parts = nirParts();
  parts[6] = String(((Number(parts[6]) + 1) % 97) + 1).padStart(2, '0');
  return parts.join(' ');
}

const frenchPhone = () => {
  const number = `0${pick(['1', '2', '3', '4', '5', '6', '6', '7', '9'])}${digits(8)}`;
  return pick([
    groups(number, [2, 2, 2, 2, 2], ' '),
    groups(number, [2, 2, 2, 2, 2], '.'),
    number,
    `+33 ${number[1]} ${groups(number.slice(2), [2, 2, 2, 2], ' ')}`,
    `+33${number.slice(1)}`,
    groups(number, [2, 2, 2, 2, 2], '-'),
  ]);
};
const englishPhone = () =>
  pick([
    `+44 20 7946 ${digits(4)}`,
    `020 7946 ${digits(4)}`,
    `07700 900${digits(3)}`,
    `+44 7700 900${digits(3)}`,
    `(415) 555-${pick(['2671', '0198', '3344', '7720'])}`,
    `+1 212 736 ${digits(4)}`,
    `212-736-${digits(4)}`,
    `+49 30 ${digits(7)}`,
    `+32 2 ${digits(3)} ${digits(2)} ${digits(2)}`,
    `+41 44 668 ${digits(2)} ${digits(2)}`,
  ]);

const englishDigit = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const frenchDigit = ['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf'];
const frenchUnits = ['', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf'];
const frenchTeens = [
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
  'dix-sept',
  'dix-huit',
  'dix-neuf',
];
const frenchTens = [
  '',
  '',
  'vingt',
  'trente',
  'quarante',
  'cinquante',
  'soixante',
  'soixante',
  'quatre-vingt',
  'quatre-vingt',
];

/** A number below a hundred as French says it ("soixante-dix-huit", "vingt et un"). */
function frenchPair(value: number): string {
  if (value < 10) return frenchDigit[value]!;
  if (value < 20) return frenchTeens[value - 10]!;
  const ten = Math.floor(value / 10);
  const unit = value % 10;
  if (ten === 7 || ten === 9) return `${frenchTens[ten]}-${frenchTeens[unit]}`;
  if (unit === 0) return ten === 8 ? 'quatre-vingts' : frenchTens[ten]!;
  if (unit === 1 && ten !== 8) return `${frenchTens[ten]} et un`;
  return `${frenchTens[ten]}-${frenchUnits[unit]}`;
}

const spokenEnglishDigits = (number: string) =>
  [...number]
    .map((digit) => (digit === '0' && random() < 0.4 ? 'oh' : englishDigit[Number(digit)]))
    .join(' ');
const spokenFrenchPairs = (number: string) =>
  (number.match(/\d\d?/g) ?? [])
    .map((pair) => (pair.startsWith('0') ? `zéro ${frenchDigit[Number(pair[1])]}` : frenchPair(Number(pair))))
    .join(pick([' ', ', ']));
const spokenFrenchDigits = (number: string) =>
  [...number].map((digit) => frenchDigit[Number(digit)]).join(' ');

const first = [
  'john',
  'sarah',
  'mike',
  'emma',
  'david',
  'laura',
  'jean',
  'marie',
  'pierre',
  'claire',
  'luc',
  'chloé',
];
const last = [
  'smith',
  'brown',
  'taylor',
  'dupont',
  'martin',
  'bernard',
  'moreau',
  'lefebvre',
  'nguyen',
  'garcia',
];
const domains = [
  'gmail.com',
  'outlook.fr',
  'example.com',
  'orange.fr',
  'free.fr',
  'yahoo.co.uk',
  'acme-corp.io',
];
const email = () =>
  `${pick(first)}${pick(['.', '_', '', '-'])}${pick(last)}${pick(['', '', digits(2)])}@${pick(domains)}`;
const spokenEmail = (language: 'en' | 'fr') => {
  const [dot, at] = language === 'en' ? ['dot', 'at'] : ['point', 'arobase'];
  const [name, tld] = pick([
    ['gmail', 'com'],
    ['orange', 'fr'],
    ['hotmail', 'fr'],
    ['outlook', 'com'],
  ]);
  return `${pick(first)} ${dot} ${pick(last)} ${at} ${name} ${dot} ${tld}`;
};

const mark = (type: string, text: string) => `{${type}:${text}}`;

type Maker = () => string;

const english: Maker[] = [
  () => `My card number is ${mark('card', writtenCard())}, expiring ${pick(['03/27', '11/26', '08/28'])}.`,
  () =>
    `Can you charge ${mark('card', writtenCard())} for the ${pick(['$49.99', '£120', '$1,249.00'])} balance?`,
  () => `The card ending in ${digits(4)} was declined, so try ${mark('card', writtenCard())} instead.`,
  () => `It's ${mark('card', spokenEnglishDigits(cardNumber().digits))}.`,
  () =>
    `Okay the number is ${mark('card', spokenEnglishDigits(cardNumber().digits))} and the code is on the back.`,
  () => `Please send the refund to ${mark('iban', ibanNumber())}.`,
  () =>
    `My IBAN is ${mark('iban', ibanNumber())}, the bank is in ${pick(['Lyon', 'Berlin', 'London', 'Madrid'])}.`,
  () => `You can reach me at ${mark('email', email())} any time after ${pick(['5 pm', '9:30', 'noon'])}.`,
  () => `The invoice went to ${mark('email', email())} on ${pick(['March 3', '12/04/2024', 'Tuesday'])}.`,
  () => `Sure, it's ${mark('email', spokenEmail('en'))}.`,
  () => `Call me back on ${mark('phone', englishPhone())} please.`,
  () => `My mobile is ${mark('phone', englishPhone())} and my wife's is ${mark('phone', englishPhone())}.`,
  () => `I'm in France at the moment, the number is ${mark('phone', frenchPhone())}.`,
  () => `You can call ${mark('phone', englishPhone())} between ${pick(['9 and 5', '8:00 and 18:00'])}.`,
  () => `My number is ${mark('phone', spokenEnglishDigits(`07700900${digits(3)}`))}.`,
  () => `It's ${mark('phone', spokenEnglishDigits(`020794600${digits(2)}`))}, that's a London number.`,
  () =>
    `My French social security number is ${mark('nir', nir())}, I work in ${pick(['Paris', 'Marseille', 'Ajaccio'])}.`,
  () => `For the claim: NIR ${mark('nir', nir())}.`,
  () =>
    `Update the email to ${mark('email', email())} and the phone to ${mark('phone', englishPhone())}, thanks.`,
  () => `Pay with ${mark('card', writtenCard())} and send the receipt to ${mark('email', email())}.`,
  // Without personal data.
  () => `My order number is ${notACard()} and it hasn't shipped yet.`,
  () => `Contract ${notACard()} was renewed on ${pick(['12/03/2024', '2024-03-12', 'March 12, 2024'])}.`,
  () => `The total came to ${pick(['$1,249.99', '£3,400.00', '€ 12 500', '$99'])} including tax.`,
  () =>
    `I called at ${pick(['14:30', '2:45 pm', '09:15', '11.20 am'])} and waited ${pick(['twenty', 'forty five', '35'])} minutes.`,
  () => `The postcode is ${pick(['SW1A 1AA', '90210', '75011', 'EC1A 1BB', '10001'])}.`,
  () => `Ticket ${digits(6)} is still open since ${pick(['January', 'last week', '03/01/2025'])}.`,
  () => `I checked that IBAN again, ${notAnIban()}, and the bank says it does not exist.`,
  () => `The reference on the letter is ${notANir()}.`,
  () =>
    `We have ${pick(['two', 'three', 'four'])} accounts and ${pick(['one', 'five', 'nine'])} cards in the household.`,
  () =>
    `The parcel weighs ${pick(['2.5 kg', '12 pounds', '750 g'])} and costs ${pick(['$14', '£7.50'])} to ship.`,
  () => `Your customer ID is ${pick(['C-', 'CU', 'ID '])}${digits(8)}, keep it for later.`,
  () =>
    `My flight is ${pick(['AF', 'BA', 'UA'])}${digits(4)} on ${pick(['the 14th', 'June 2', '02/06'])} at ${pick(['7:40', '16:05'])}.`,
  () =>
    `It took ${pick(['one hundred and twenty', 'ninety', 'sixty five'])} days to get a refund of ${pick(['$250', '$1,000'])}.`,
  () => `The tracking number is ${pick(['1Z', 'JD', 'LX'])}${digits(14)}.`,
  () => `Version ${digits(1)}.${digits(1)}.${digits(2)} of the app crashes when I open it.`,
  () => `Room ${digits(3)}, floor ${pick(['two', 'four', '12'])}, building ${pick(['B', 'C7'])}.`,
];

const french: Maker[] = [
  () =>
    `Mon numéro de carte est le ${mark('card', writtenCard())}, elle expire en ${pick(['03/27', '11/26'])}.`,
  () =>
    `Vous pouvez débiter la carte ${mark('card', writtenCard())} pour les ${pick(['49,99 €', '120 euros', '1 249,00 €'])}.`,
  () => `Alors c'est ${mark('card', spokenFrenchDigits(cardNumber().digits))}.`,
  () =>
    `Le numéro c'est ${mark('card', spokenFrenchDigits(cardNumber().digits))}, et le cryptogramme au dos.`,
  () => `Merci de faire le virement sur ${mark('iban', ibanNumber())}.`,
  () =>
    `Mon IBAN est ${mark('iban', ibanNumber())}, ma banque est à ${pick(['Lyon', 'Nantes', 'Bordeaux'])}.`,
  () => `Vous pouvez m'écrire à ${mark('email', email())} après ${pick(['17 h', '9h30', 'midi'])}.`,
  () => `La facture est partie à ${mark('email', email())} le ${pick(['3 mars', '12/04/2024', 'mardi'])}.`,
  () => `Oui, c'est ${mark('email', spokenEmail('fr'))}.`,
  () => `Rappelez-moi au ${mark('phone', frenchPhone())} s'il vous plaît.`,
  () =>
    `Mon portable est le ${mark('phone', frenchPhone())} et celui de ma femme le ${mark('phone', frenchPhone())}.`,
  () => `Je suis à Londres en ce moment, le numéro est ${mark('phone', englishPhone())}.`,
  () => `Vous pouvez appeler le ${mark('phone', frenchPhone())} entre ${pick(['9 h et 17 h', '8h et 18h'])}.`,
  () => `Mon numéro c'est le ${mark('phone', spokenFrenchPairs(`06${digits(8)}`))}.`,
  () => `C'est le ${mark('phone', spokenFrenchPairs(`0${pick(['1', '4', '7'])}${digits(8)}`))}, un fixe.`,
  () => `Mon numéro de sécurité sociale est le ${mark('nir', nir())}.`,
  () =>
    `Pour le dossier, numéro de sécu ${mark('nir', nir())}, je travaille à ${pick(['Paris', 'Ajaccio', 'Bastia'])}.`,
  () => `C'est ${mark('nir', nirSpoken())}.`,
  () =>
    `Changez l'adresse pour ${mark('email', email())} et le téléphone pour ${mark('phone', frenchPhone())}.`,
  () => `Payez avec ${mark('card', writtenCard())} et envoyez le reçu à ${mark('email', email())}.`,
  // Sans donnée personnelle.
  () => `Mon numéro de commande est le ${notACard()} et elle n'est toujours pas partie.`,
  () => `Le contrat ${notACard()} a été renouvelé le ${pick(['12/03/2024', '12 mars 2024', '2024-03-12'])}.`,
  () => `Le total fait ${pick(['1 249,99 €', '3 400,00 euros', '12 500 €', '99 €'])} TTC.`,
  () =>
    `J'ai appelé à ${pick(['14h30', '14 h 30', '09:15', '11h20'])} et j'ai attendu ${pick(['vingt', 'quarante-cinq', '35'])} minutes.`,
  () => `Le code postal est ${pick(['75011', '69003', '13008', '20000', '33000'])}.`,
  () =>
    `Le ticket ${digits(6)} est toujours ouvert depuis ${pick(['janvier', 'la semaine dernière', 'le 03/01/2025'])}.`,
  () => `J'ai revérifié cet IBAN, ${notAnIban()}, et la banque dit qu'il n'existe pas.`,
  () => `La référence sur le courrier est ${notANir()}.`,
  () =>
    `On a ${pick(['deux', 'trois', 'quatre'])} comptes et ${pick(['une', 'cinq', 'neuf'])} cartes dans le foyer.`,
  () =>
    `Le colis pèse ${pick(['2,5 kg', '750 g', '12 kilos'])} et l'envoi coûte ${pick(['14 €', '7,50 euros'])}.`,
  () => `Votre identifiant client est ${pick(['C-', 'CL', 'ID '])}${digits(8)}, gardez-le.`,
  () =>
    `Mon vol est le ${pick(['AF', 'BA', 'U2'])}${digits(4)} le ${pick(['14', '2 juin', '02/06'])} à ${pick(['7h40', '16h05'])}.`,
  () =>
    `Il a fallu ${pick(['cent vingt', 'quatre-vingt-dix', 'soixante-cinq'])} jours pour un remboursement de ${pick(['250 €', '1 000 euros'])}.`,
  () => `Le numéro de suivi est ${pick(['6A', 'LX', '8R'])}${digits(11)}FR.`,
  () => `La version ${digits(1)}.${digits(1)}.${digits(2)} de l'application plante à l'ouverture.`,
  () => `Bureau ${digits(3)}, ${pick(['deuxième', 'quatrième'])} étage, bâtiment ${pick(['B', 'C7'])}.`,
];

/** A NIR read out digit by digit (born outside Corsica: "deux A" is not read as a number). */
function nirSpoken(): string {
  for (;;) {
    const parts = nirParts();
    if (!parts[3]!.startsWith('2')) return parts.map(spokenFrenchDigits).join(' ');
  }
}

const perLanguage = 240;
const lines: string[] = [];
for (const [language, makers] of [
  ['en', english],
  ['fr', french],
] as const) {
  for (let index = 0; index < perLanguage; index++)
    lines.push(`${language}\t${makers[index % makers.length]!()}`);
}
writeFileSync(new URL('../bench/redaction/labelled-set.txt', import.meta.url), `${lines.join('\n')}\n`);
console.log(`${lines.length} sentences written`);
