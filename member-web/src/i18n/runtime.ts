/**
 * The member app's translation runtime: the part of i18next the app uses (namespaces, "ns:key",
 * nested keys, {{value}} interpolation, English fallback when loaded, languageChanged), in about 1 KB instead
 * of i18next's 15 KB gzipped, so the sign-in page loads fast (issue 17). Texts of a language are
 * loaded on demand per group of namespaces (see index.ts); `react.ts` is what `react-i18next`
 * resolves to in the bundle, its types stay react-i18next's.
 */

type Tree = { [key: string]: string | Tree };
type Options = Record<string, unknown> & { ns?: string };
type Listener = (lng: string) => void;

export type Loader = (lang: string, group: string) => Promise<Record<string, Tree>>;

export class Translator {
  language = "en";
  readonly fallback = "en";
  /** lang → namespace → texts */
  private store: Record<string, Record<string, Tree>> = {};
  private loaded = new Set<string>();
  private pending = new Map<string, Promise<void>>();
  private listeners = new Set<Listener>();

  constructor(
    private readonly loader: Loader,
    /** namespace → the group (file) it is loaded with */
    private readonly groupOf: (ns: string) => string,
  ) {}

  /**
   * Loads a group of namespaces of a language once. English is not loaded as a fallback for the
   * others: their files are typed complete against English (a missing key is a compile error).
   */
  load(lang: string, group: string): Promise<void> {
    const id = `${lang}/${group}`;
    if (this.loaded.has(id)) return Promise.resolve();
    let p = this.pending.get(id);
    if (!p) {
      p = this.loader(lang, group).then((texts) => {
        this.store[lang] = { ...this.store[lang], ...texts };
        this.loaded.add(id);
        this.pending.delete(id);
      });
      // A failed download is tried again by the next caller.
      p.catch(() => this.pending.delete(id));
      this.pending.set(id, p);
    }
    return p;
  }

  /** The groups the namespaces need that are not loaded yet for the current language. */
  missing(namespaces: readonly string[]): string[] {
    const groups = new Set(namespaces.map(this.groupOf));
    return [...groups].filter((g) => !this.loaded.has(`${this.language}/${g}`));
  }

  private lookup(lang: string, ns: string, key: string): string | undefined {
    let node: string | Tree | undefined = this.store[lang]?.[ns];
    for (const part of key.split(".")) {
      if (node === undefined || typeof node === "string") return undefined;
      node = node[part];
    }
    return typeof node === "string" ? node : undefined;
  }

  private resolve(key: string, options: Options | undefined, defaultNs: string): string | undefined {
    let ns = options?.ns ?? defaultNs;
    let path = key;
    const colon = key.indexOf(":");
    if (colon > 0) {
      ns = key.slice(0, colon);
      path = key.slice(colon + 1);
    }
    return this.lookup(this.language, ns, path) ?? (this.language === this.fallback ? undefined : this.lookup(this.fallback, ns, path));
  }

  exists(key: string, options?: Options): boolean {
    return this.resolve(key, options, "common") !== undefined;
  }

  /** i18next's t: a missing key reads as the key itself, a missing value as "". */
  translate(key: string, options: Options | undefined, namespaces: readonly string[]): string {
    let text: string | undefined;
    if (options?.ns || key.includes(":")) text = this.resolve(key, options, namespaces[0] ?? "common");
    else {
      for (const ns of namespaces.length ? namespaces : ["common"]) {
        text = this.resolve(key, undefined, ns);
        if (text !== undefined) break;
      }
    }
    if (text === undefined) return key;
    if (!options || !text.includes("{{")) return text;
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
      const v = options[name];
      return v === undefined || v === null ? "" : String(v);
    });
  }

  /** Loads the new language's texts of every group loaded so far, then switches. */
  async changeLanguage(lng: string): Promise<void> {
    const groups = new Set([...this.loaded].map((id) => id.slice(id.indexOf("/") + 1)));
    await Promise.all([...groups].map((g) => this.load(lng, g)));
    if (lng === this.language) return;
    this.language = lng;
    for (const fn of this.listeners) fn(lng);
  }

  on(_event: "languageChanged", fn: Listener): void {
    this.listeners.add(fn);
  }

  off(_event: "languageChanged", fn: Listener): void {
    this.listeners.delete(fn);
  }
}
