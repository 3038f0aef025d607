/**
 * The Russian shape of an English text group: the same keys, and for every English plural
 * (`x_one` / `x_other`) also `x_few` and `x_many`, which Intl.PluralRules("ru") asks for
 * (3 пары, 5 пар). A missing form would show the raw key; the compiler refuses it instead.
 */
export type RuTexts<T> = { [K in keyof T]: T[K] extends string ? string : RuTexts<T[K]> } & {
  [K in keyof T as K extends `${infer Base}_one` ? `${Base}_few` | `${Base}_many` : never]: string;
};
