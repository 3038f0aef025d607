/**
 * Russian (and Ukrainian, Belarusian) letters in Latin, as slugs and file names want them: a
 * Cyrillic slug travels percent-encoded in every link (/events/%D0%B2%D1%81…), a Latin one reads.
 */
const CYRILLIC: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m",
  н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "kh", ц: "ts", ч: "ch", ш: "sh", щ: "shch",
  ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya", і: "i", ї: "yi", є: "ye", ґ: "g", ў: "u",
};

/** Lower-cased, Cyrillic letters in Latin, accents dropped: "Встреча в Café" -> "vstrecha v cafe". */
export function transliterate(text: string): string {
  return [...text.toLowerCase()]
    .map((ch) => CYRILLIC[ch] ?? ch)
    .join("")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
}
