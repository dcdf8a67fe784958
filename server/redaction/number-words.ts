// The words of spoken numbers in English and French, as a transcript writes them out: units, teens, tens, the
// hundred, and the words that repeat or join them ("double five", "vingt et un").

export const units: Record<string, number> = {
  zero: 0,
  oh: 0,
  o: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  zéro: 0,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  huit: 8,
  neuf: 9,
};

export const teens: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
};

export const tens: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  vingt: 20,
  vingts: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  soixante: 60,
  septante: 70,
  huitante: 80,
  octante: 80,
  nonante: 90,
};

export const hundreds = new Set(['hundred', 'cent', 'cents']);

/** "double five" is 55, "triple zéro" 000. */
export const repeats: Record<string, number> = { double: 2, triple: 3 };

/** Words that join the parts of one number: "hundred and five", "vingt et un". */
export const joiners = new Set(['and', 'et']);

export const isNumberWord = (word: string): boolean =>
  word in units || word in teens || word in tens || hundreds.has(word) || word in repeats;
