/** Types for popular-english-words (ISC), which ships none: English words, most frequent first. */
declare module "popular-english-words" {
  export const words: {
    getMostPopular(count: number): string[];
  };
}
