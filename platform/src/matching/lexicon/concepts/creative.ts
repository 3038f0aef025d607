/**
 * Concepts: design, video, photo, audio, content, publishing, education.
 * Phrasing syntax (lexicon.ts): "{a|b}" alternatives, "" optional word, "=word" exact form.
 */
import type { ConceptEntry } from "../lexicon.ts";

export const CREATIVE: readonly ConceptEntry[] = [
  // ── design ─────────────────────────────────────────────────────────────────
  {
    id: "brand_identity",
    topic: "design",
    label: { en: "brand identity and logo", ru: "айдентика и логотип" },
    en: ["brand identity", "visual identity", "corporate identity", "logo", "logos", "logo design", "logotype", "brand book", "brandbook", "brand guidelines", "style guide", "=branding", "rebrand", "rebranding", "brand design", "brand designer", "branding agency", "brand refresh", "brand system", "brand platform"],
    ru: ["айдентика", "айдентику", "айдентики", "фирменный стиль", "фирменного стиля", "фирменный стил", "логотип", "логотипа", "логотипы", "логотипов", "брендбук", "брендбука", "гайдлайн", "гайдлайны", "=брендинг", "=брендинга", "=брендингом", "=брендингу", "ребрендинг", "ребрендинга", "дизайн бренда", "бренд-дизайнер", "брендинговое агентство", "визуальный стиль", "платформа бренда", "разработка бренда", "создание бренда"],
  },
  {
    id: "naming",
    topic: "design",
    label: { en: "naming", ru: "нейминг" },
    en: ["=naming", "brand name", "company name", "product name", "name {startup|company|product|brand}", "name for {startup|company|product|brand|app}", "domain name", "tagline", "slogan"],
    ru: ["нейминг", "нейминга", "неймингом", "название для {бренда|компании|стартапа|продукта|проекта|приложения}", "название бренда", "название компании", "название продукта", "придумать название", "слоган", "слогана", "доменное имя"],
  },
  {
    id: "graphic_design",
    topic: "design",
    label: { en: "graphic design", ru: "графический дизайн" },
    en: ["graphic design", "graphic designer", "graphic designers", "art director", "art direction", "creative director", "creative direction", "=designer", "=designers", "visual design", "visual designer", "print design", "layouts", "posters", "flyers", "brochures", "=banners", "social media graphics", "=marketing materials", "=marketing collateral", "infographics", "Canva", "Adobe Photoshop", "Photoshop", "Adobe Illustrator", "InDesign", "typography", "editorial design", "key visual", "design for social media", "creatives for ads", "ad creatives design", "merch design"],
    ru: ["арт-директор", "арт-директора", "креативный директор", "креативного директора", "арт-дирекшн", "графический дизайн", "графического дизайна", "графический дизайнер", "графического дизайнера", "графдизайн", "графдизайнер", "дизайнер", "дизайнера", "дизайнеры", "дизайнеров", "дизайн", "дизайна", "дизайном", "визуал", "визуала", "визуалы", "полиграфия", "полиграфии", "макеты", "макетов", "вёрстка макетов", "верстка макетов", "баннеры", "баннеров", "афиши", "афишу", "листовки", "буклеты", "инфографика", "инфографику", "Canva", "Photoshop", "фотошоп", "InDesign", "типографика", "шрифты", "ключевой визуал", "оформление соцсетей", "дизайн для соцсетей", "дизайн креативов", "мерч", "мерча", "дизайн мерча"],
  },
  {
    id: "web_design",
    topic: "design",
    label: { en: "web and landing page design", ru: "веб-дизайн и лендинги" },
    en: ["web design", "web designer", "website design", "website redesign", "landing page", "landing pages", "landing page design", "site design", "Webflow designer", "Framer", "Framer site", "Tilda site", "homepage redesign", "website refresh", "portfolio site", "personal website"],
    ru: ["веб-дизайн", "веб дизайн", "веб-дизайнер", "веб-дизайнера", "вебдизайнер", "дизайн сайта", "дизайн сайтов", "дизайнер сайтов", "редизайн сайта", "лендинг", "лендинга", "лендинги", "лендингов", "лендос", "посадочная страница", "посадочные страницы", "сайт на Тильде", "сайт на Tilda", "сайт на Webflow", "сайт-визитка", "сайт-портфолио", "Framer", "{переделать|обновить|переделка|обновление} сайта", "{переделать|обновить} сайт", "сайт устарел", "outdated website", "website looks outdated", "обратная связь по сайту", "фидбек по сайту", "аудит сайта"],
  },
  {
    id: "illustration",
    topic: "design",
    label: { en: "illustration", ru: "иллюстрация" },
    en: ["illustration", "illustrations", "illustrator", "illustrators", "children's book illustration", "digital illustration", "character design", "comics", "comic artist", "concept art", "concept artist", "storyboards", "storyboard artist", "hand lettering", "=lettering", "icons", "icon design", "stickers", "mascot"],
    ru: ["иллюстрация", "иллюстрации", "иллюстраций", "иллюстратор", "иллюстратора", "иллюстраторы", "рисую", "рисовать", "рисунки", "дизайн персонажей", "персонажи", "комиксы", "комикс", "концепт-арт", "концепт-художник", "раскадровки", "раскадровка", "леттеринг", "иконки", "стикеры", "стикерпак", "маскот", "маскота"],
  },
  {
    id: "fine_art",
    topic: "design",
    label: { en: "fine art and galleries", ru: "искусство и галереи" },
    en: ["fine art", "contemporary art", "artist", "artists", "painter", "painting", "paintings", "sculpture", "sculptor", "art gallery", "gallery", "galleries", "art collector", "art collectors", "collecting art", "art market", "art fair", "art fairs", "artist residency", "ceramics", "ceramicist", "printmaking", "street art", "mural", "murals", "art curator", "curator", "art exhibition"],
    ru: ["искусство", "искусства", "современное искусство", "современного искусства", "художник", "художника", "художники", "художников", "художница", "живопись", "живописи", "картины", "картин", "скульптура", "скульптор", "галерея", "галереи", "галерею", "арт-галерея", "коллекционер", "коллекционеры", "коллекционирование искусства", "арт-рынок", "арт-рынка", "арт-ярмарка", "арт-резиденция", "керамика", "керамист", "стрит-арт", "мурал", "муралы", "куратор выставки", "куратор", "художественная выставка", "выставка картин"],
  },
  {
    id: "motion_design",
    topic: "design",
    label: { en: "motion design and animation", ru: "моушн-дизайн и анимация" },
    en: ["motion design", "motion designer", "motion graphics", "animation", "animations", "animated video", "animated explainer", "2D animation", "3D animation", "animator", "animators", "=after effects", "Lottie", "animated logo", "cartoon", "cartoons"],
    ru: ["моушн-дизайн", "моушн дизайн", "моушн", "моушн-дизайнер", "моушн-дизайнера", "моушен", "анимация", "анимации", "анимацию", "аниматор", "аниматора", "аниматоры", "2D-анимация", "3D-анимация", "анимированный ролик", "анимационный ролик", "мультфильм", "мультфильмы", "мультипликация", "мультипликатор", "=after effects"],
  },
  {
    id: "three_d",
    topic: "design",
    label: { en: "3D modeling and visualization", ru: "3D-моделирование и визуализация" },
    en: ["3D", "3D modeling", "3D modelling", "3D model", "3D models", "3D artist", "3D designer", "3D visualization", "3D visualisation", "3D rendering", "renders", "CGI", "Blender", "Cinema 4D", "3ds Max", "product rendering", "architectural visualization", "archviz", "3D printing", "3D printed"],
    ru: ["3D", "3Д", "3D-моделирование", "3D моделирование", "3D-модель", "3D-модели", "3D-визуализация", "3D визуализация", "3D-визуализатор", "3D-дизайнер", "3D-художник", "визуализация", "визуализации", "визуализатор", "рендер", "рендеры", "рендеринг", "Blender", "блендер", "архвиз", "3D-печать", "3D печать", "3D-принтер"],
  },
  {
    id: "presentation_design",
    topic: "design",
    label: { en: "presentation design", ru: "дизайн презентаций" },
    en: ["presentation design", "presentation designer", "slide design", "slides", "slide deck", "deck design", "PowerPoint", "Keynote slides", "Google Slides", "sales deck", "company presentation", "presentations"],
    ru: ["дизайн презентаций", "дизайн презентации", "дизайнер презентаций", "оформление презентаций", "оформить презентацию", "оформление презентации", "презентация", "презентации", "презентацию", "презентаций", "слайды", "слайдов", "PowerPoint", "Google Slides", "продающая презентация", "презентация компании"],
  },
  {
    id: "packaging_design",
    topic: "design",
    label: { en: "packaging and label design", ru: "дизайн упаковки" },
    en: ["packaging", "packaging design", "package design", "label design", "product labels", "product packaging", "packaging designer", "unboxing experience", "sustainable packaging", "packaging supplier"],
    ru: ["упаковка", "упаковки", "упаковку", "упаковкой", "дизайн упаковки", "дизайнер упаковки", "этикетка", "этикетки", "этикеток", "дизайн этикетки", "экоупаковка", "производство упаковки", "тара"],
  },
  {
    id: "industrial_design",
    topic: "design",
    label: { en: "industrial and product design", ru: "промышленный дизайн" },
    en: ["industrial design", "industrial designer", "physical product design", "hardware design", "consumer product design", "furniture design", "furniture designer", "product designer for hardware", "ergonomics"],
    ru: ["промышленный дизайн", "промышленного дизайна", "промышленный дизайнер", "промдизайн", "промдизайнер", "дизайн мебели", "дизайнер мебели", "дизайн предметов", "предметный дизайн", "эргономика"],
  },
  {
    id: "interior_design",
    topic: "design",
    label: { en: "interior design", ru: "дизайн интерьера" },
    en: ["interior design", "interior designer", "interior designers", "interiors", "office interior", "office design", "restaurant interior", "home staging", "space planning", "architect", "architecture studio", "architectural design", "architects"],
    ru: ["дизайн интерьера", "дизайн интерьеров", "дизайнер интерьера", "дизайнера интерьера", "дизайнер интерьеров", "интерьер", "интерьера", "интерьеры", "интерьеров", "дизайн-проект", "дизайн проект квартиры", "дизайн офиса", "хоумстейджинг", "планировка", "планировки", "архитектор", "архитектора", "архитекторы", "архитектурное бюро", "архитектурный проект"],
  },
  {
    id: "fashion",
    topic: "design",
    label: { en: "fashion and apparel", ru: "мода и одежда" },
    en: ["fashion", "fashion brand", "fashion design", "fashion designer", "clothing brand", "apparel", "apparel brand", "streetwear", "garment manufacturing", "garment factory", "clothing production", "textiles", "jewelry", "jewellery", "jewelry brand", "accessories brand", "stylist", "styling"],
    ru: ["мода", "моды", "модная индустрия", "фэшн", "фешн", "бренд одежды", "бренда одежды", "одежда", "одежды", "одежду", "дизайнер одежды", "швейное производство", "пошив", "пошива", "отшив", "отшива", "текстиль", "ювелирка", "ювелирные изделия", "ювелирный бренд", "украшения", "аксессуары", "стилист", "стилиста", "стайлинг"],
  },

  // ── video ──────────────────────────────────────────────────────────────────
  {
    id: "promo_video",
    topic: "video",
    label: { en: "video production", ru: "видеопродакшн" },
    en: ["video production", "video producer", "video production company", "production company", "production studio", "videographer", "videographers", "videography", "promo video", "promo videos", "promotional video", "brand video", "brand film", "=commercials", "TV commercial", "ad video", "video ad", "video ads", "video ad campaign", "explainer video", "=explainer", "=explainers", "product video", "product videos", "corporate video", "corporate videos", "video content production", "{shoot|shooting|film|filming|produce|producing|make|making|create|creating|shot|filmed|produced} {video|videos|promo|commercial|clip|ad|film|reel|reels|trailer}", "camera operator", "cinematographer", "DOP", "director of photography", "video shoot", "video shoots", "film crew", "video team", "music video", "music videos", "event video", "testimonial videos", "case study video"],
    ru: ["видеопродакшн", "видеопродакшена", "видеопродакшен", "продакшн", "продакшена", "продакшен", "видеопродюсер", "видеопродюсера", "видеограф", "видеографа", "видеографы", "видеосъемка", "видеосъёмка", "видеосъемку", "видеосъёмку", "видеосъемки", "видеосъёмки", "видеоролик", "видеоролика", "видеоролики", "видеороликов", "рекламный ролик", "рекламного ролика", "рекламные ролики", "рекламных роликов", "промо-ролик", "проморолик", "промо-видео", "промовидео", "промо видео", "имиджевый ролик", "имиджевое видео", "корпоративный фильм", "корпоративное видео", "продуктовое видео", "видео о продукте", "рекламное видео", "видеореклама", "видеорекламу", "{снять|снимать|снимаю|снимаем|сниму|снимем|сняли|снял|сняла|съёмка|съемка|съёмки|съемки|съемку|съёмку|продюсирую|продюсировать|продюсирование|продакшн|производство|сделать|делаю|создать|создание} {ролик|ролика|ролики|роликов|видео|видеоролик|видеоролики|клип|клипа|клипы|фильм|промо|рилс|рилсы|сюжет|сюжеты}", "оператор-постановщик", "видеооператор", "видеооператора", "съёмочная группа", "съемочная группа", "съёмочной группы", "клипмейкер", "музыкальный клип", "клипы", "видео для бизнеса", "видео для бренда", "видео для соцсетей", "видеоконтент", "видеоконтента"],
  },
  {
    id: "video_editing",
    topic: "video",
    label: { en: "video editing and post-production", ru: "видеомонтаж и постпродакшн" },
    en: ["video editing", "video editor", "video editors", "edit {video|videos|footage|reels|podcast video|YouTube videos}", "editing videos", "post-production", "post production", "color grading", "colour grading", "colorist", "Premiere Pro", "Premiere", "DaVinci Resolve", "Final Cut", "CapCut", "subtitles", "captions", "VFX", "visual effects", "short-form editing", "reels editing"],
    ru: ["монтаж", "монтажа", "монтажом", "монтажу", "видеомонтаж", "видеомонтажа", "монтажёр", "монтажер", "монтажера", "монтажёра", "видеомонтажёр", "видеомонтажер", "{смонтировать|монтировать|монтирую|смонтирую|монтаж} {|видео|ролик|ролики|роликов|рилс|рилсы|шортсы|клипы}", "постпродакшн", "постпродакшен", "цветокоррекция", "цветокор", "колорист", "Premiere", "Премьер", "DaVinci", "Давинчи", "Final Cut", "CapCut", "субтитры", "VFX", "визуальные эффекты", "спецэффекты"],
  },
  {
    id: "video_content",
    topic: "video",
    label: { en: "YouTube and short-form video", ru: "YouTube и короткие видео" },
    en: ["YouTube", "YouTube channel", "YouTuber", "YouTube videos", "YouTube content", "YouTube Shorts", "short-form video", "short-form content", "short videos", "TikTok videos", "vlog", "vlogging", "vlogger", "video podcast", "talking head videos", "video blogging", "video creator", "content creator", "video strategy"],
    ru: ["YouTube", "ютуб", "ютуба", "ютубе", "ютуб-канал", "ютуб канал", "YouTube-канал", "ютубер", "ютубера", "шортсы", "шортс", "короткие видео", "коротких видео", "вертикальные видео", "видео для TikTok", "видео для тиктока", "влог", "влоги", "влогер", "видеоблог", "видеоблогер", "видеоблогера", "контент-мейкер", "контентмейкер", "мобилограф", "мобилографа", "мобилография", "видеоподкаст", "видео-подкаст", "говорящая голова"],
  },
  {
    id: "film_production",
    topic: "video",
    label: { en: "film and documentary", ru: "кино и документальные фильмы" },
    en: ["film", "filmmaker", "filmmaking", "filmmakers", "film director", "documentary", "documentaries", "short film", "feature film", "film production", "film producer", "screenplay", "indie film", "film festival", "film festivals", "cinema", "TV series", "TV show", "streaming series", "film distribution", "documentary series"],
    ru: ["кино", "кинопроизводство", "фильм", "фильма", "фильмы", "фильмов", "режиссёр", "режиссер", "режиссёра", "режиссера", "режиссура", "режиссуры", "документальное кино", "документальный фильм", "документальные фильмы", "документалка", "короткометражка", "короткометражный фильм", "полнометражный фильм", "кинопродюсер", "кинопродюсера", "продюсер кино", "сериал", "сериалы", "сериалов", "кинофестиваль", "кинофестивали", "прокат фильма", "кинопрокат"],
  },

  // ── photo ──────────────────────────────────────────────────────────────────
  {
    id: "photography",
    topic: "photo",
    label: { en: "photography", ru: "фотосъёмка" },
    en: ["photographer", "photographers", "photography", "photo shoot", "photoshoot", "photoshoots", "photo session", "photos", "photo", "professional photos", "portrait", "portraits", "portrait photography", "headshots", "headshot", "business portrait", "LinkedIn photo", "team photos", "event photography", "event photographer", "reportage", "wedding photographer", "wedding photography", "lifestyle photography", "fashion photography", "brand photography", "brand photoshoot", "photo studio", "photo for social media"],
    ru: ["фотограф", "фотографа", "фотографы", "фотографов", "фотография", "фотографии", "фотографию", "фотосъёмка", "фотосъемка", "фотосъёмку", "фотосъемку", "фотосъемки", "фотосъёмки", "фотосессия", "фотосессию", "фотосессии", "фотосет", "фото", "фоточки", "{снять|снимаю|сниму|съёмка|съемка|съемки|съёмки} {фото|фотографии|портрет|портреты|фотосессию|портретов}", "портрет", "портреты", "портретная съемка", "портретная съёмка", "деловой портрет", "деловая фотосессия", "бизнес-портрет", "бизнес-портреты", "фото для LinkedIn", "фото на аватарку", "репортаж", "репортажная съёмка", "репортажная съемка", "репортажный фотограф", "свадебный фотограф", "свадебная съёмка", "свадебная съемка", "{снимаю|снять|съёмка|съемка} {свадьбы|свадьбу|свадеб}", "фото для соцсетей", "контент-съёмка", "контентная съемка", "бренд-съемка", "имиджевая съемка", "фотостудия", "фотостудию"],
  },
  {
    id: "product_photography",
    topic: "photo",
    label: { en: "product photography", ru: "предметная съёмка" },
    en: ["product photography", "product photos", "product photo", "product shots", "packshots", "packshot", "photos for marketplace", "marketplace photos", "Amazon product photos", "catalog photos", "catalogue shoot", "e-commerce photography", "ecommerce photos", "food photography", "food photographer", "still life photography", "lookbook", "infographics for marketplace"],
    ru: ["предметная съёмка", "предметная съемка", "предметную съемку", "предметной съемки", "предметный фотограф", "предметка", "фото товаров", "фото товара", "фотографии товаров", "съемка товаров", "съёмка товаров", "съемка для маркетплейсов", "съёмка для маркетплейсов", "фото для маркетплейсов", "фото для маркетплейса", "фото для Wildberries", "фото для WB", "инфографика для маркетплейсов", "карточки товаров", "карточек товаров", "дизайн карточек", "каталожная съёмка", "каталожная съемка", "фуд-съемка", "фуд-фотограф", "фуд-фото", "лукбук", "пэкшот", "пекшоты"],
  },
  {
    id: "photo_editing",
    topic: "photo",
    label: { en: "photo retouching", ru: "ретушь фото" },
    en: ["photo editing", "photo retouching", "retouching", "retoucher", "retouch", "Lightroom", "image editing", "background removal", "photo restoration"],
    ru: ["ретушь", "ретуши", "ретушёр", "ретушер", "ретушера", "обработка фото", "обработка фотографий", "обработку фото", "обработку фотографий", "цветокоррекция фото", "Lightroom", "лайтрум", "удаление фона", "реставрация фото"],
  },
  {
    id: "drone_aerial",
    topic: "photo",
    label: { en: "aerial and drone shooting", ru: "аэросъёмка" },
    en: ["aerial photography", "aerial video", "aerial footage", "drone footage", "drone photography", "drone shots", "drone videography", "drone pilot", "FPV"],
    ru: ["аэросъёмка", "аэросъемка", "аэросъемку", "аэросъёмку", "съемка с дрона", "съёмка с дрона", "съемка с квадрокоптера", "квадрокоптер", "FPV"],
  },

  // ── audio ──────────────────────────────────────────────────────────────────
  {
    id: "podcast",
    topic: "audio",
    label: { en: "podcasts", ru: "подкасты" },
    en: ["podcast", "podcasts", "podcasting", "podcaster", "podcast host", "podcast production", "podcast producer", "podcast editing", "podcast guest", "podcast guests", "guest on podcast", "start podcast", "launch podcast", "podcast studio", "audio show"],
    ru: ["подкаст", "подкаста", "подкасты", "подкастов", "подкасте", "подкастом", "подкастер", "подкастинг", "ведущий подкаста", "продюсер подкаста", "продюсирование подкастов", "запустить подкаст", "гость подкаста", "гости подкаста", "гостей для подкаста", "монтаж подкаста", "студия подкастов", "аудиошоу"],
  },
  {
    id: "sound_production",
    topic: "audio",
    label: { en: "sound engineering and sound design", ru: "звукорежиссура и саунд-дизайн" },
    en: ["sound engineer", "sound engineering", "audio engineer", "audio engineering", "=mixing", "mixing and mastering", "mastering engineer", "audio mastering", "sound design", "sound designer", "audio production", "audio post-production", "recording studio", "studio recording", "record {album|single|song|podcast|audiobook}", "audio editing", "sound for games", "game audio", "audio branding", "sonic branding", "audio logo"],
    ru: ["звукорежиссёр", "звукорежиссер", "звукорежиссера", "звукорежиссёра", "звукорежиссура", "звукоинженер", "звукозапись", "звукозаписи", "студия звукозаписи", "студию звукозаписи", "сведение", "сведения", "мастеринг", "сведение и мастеринг", "саунд-дизайн", "саунд дизайн", "саунд-дизайнер", "звуковой дизайн", "обработка звука", "аудиомонтаж", "записать альбом", "записать трек", "запись трека", "звук для игр", "аудиобрендинг", "звуковой логотип"],
  },
  {
    id: "music",
    topic: "audio",
    label: { en: "music and composing", ru: "музыка и композиторство" },
    en: ["music", "musician", "musicians", "=composer", "=composers", "music producer", "music production", "beatmaker", "songwriter", "songwriting", "original music", "music for {ads|commercials|games|films|film|brands}", "soundtrack", "soundtracks", "film score", "jingle", "jingles", "music licensing", "music rights", "record label", "music label", "DJ", "concerts", "concert", "music industry", "artist management", "music artist", "singer", "vocalist", "music teacher"],
    ru: ["музыка", "музыки", "музыку", "музыкой", "музыкант", "музыканта", "музыканты", "музыкантов", "композитор", "композитора", "композиторы", "музыкальный продюсер", "музыкального продюсера", "битмейкер", "саундпродюсер", "саунд-продюсер", "сонграйтер", "сонграйтинг", "авторская музыка", "музыка для рекламы", "музыку для рекламы", "музыка для видео", "музыку для роликов", "саундтрек", "саундтреки", "джингл", "джинглы", "лейбл", "лейбла", "группа музыкантов", "диджей", "DJ", "концерт", "концерты", "концертов", "музыкальная индустрия", "музыкальной индустрии", "артист", "артиста", "артисты", "певица", "певец", "вокалист", "вокалистка", "вокал", "преподаватель музыки"],
  },
  {
    id: "voice_over",
    topic: "audio",
    label: { en: "voice-over and narration", ru: "озвучка и дикторы" },
    en: ["=voice =over", "voiceover", "voice actor", "voice actors", "voice talent", "narrator", "narration", "voice recording", "IVR voice", "=dubbing", "audiobook narration", "voice for {ad|video|app|game|audiobook}"],
    ru: ["озвучка", "озвучки", "озвучку", "озвучивание", "озвучиваю", "диктор", "диктора", "дикторы", "дикторов", "закадровый голос", "закадровый текст", "голос для рекламы", "голос для ролика", "дубляж", "дубляжа", "начитка", "начитку", "начитать", "актёр озвучки", "актер озвучки", "актёра озвучки"],
  },

  // ── content ────────────────────────────────────────────────────────────────
  {
    id: "copywriting",
    topic: "content",
    label: { en: "copywriting", ru: "копирайтинг" },
    en: ["copywriting", "copywriter", "copywriters", "sales copy", "website copy", "landing page copy", "ad copy", "=marketing copy", "product descriptions", "email copy", "conversion copywriting", "direct response copywriting", "write copy", "texts for {website|site|landing page|ads}", "brand voice", "tone of voice", "headlines", "storytelling"],
    ru: ["копирайтинг", "копирайтинга", "копирайтер", "копирайтера", "копирайтеры", "копирайтеров", "тексты", "текстов", "текстами", "текст", "текста", "продающие тексты", "продающих текстов", "продающий текст", "тексты для сайта", "текст для сайта", "тексты для лендинга", "тексты для рекламы", "рекламные тексты", "описания товаров", "описание товаров", "{пишу|писать|написать|напишу} {тексты|текст}", "тон голоса", "tone of voice", "голос бренда", "заголовки", "сторителлинг в текстах", "автор текстов", "райтер", "райтера"],
  },
  {
    id: "content_marketing",
    topic: "content",
    label: { en: "content marketing and content strategy", ru: "контент-маркетинг и контент-стратегия" },
    en: ["content =marketing", "content strategy", "content strategist", "content plan", "content calendar", "editorial calendar", "content manager", "content lead", "head of content", "content production", "content creation", "create content", "creating content", "content team", "content", "=blog", "=blogs", "=blogging", "blog posts", "company blog", "articles", "write articles", "writing articles", "long-form content", "B2B content", "case studies", "whitepapers", "white papers", "ebooks", "thought leadership content", "content distribution", "content repurposing"],
    ru: ["контент-маркетинг", "контент маркетинг", "контент-маркетолог", "контент-стратегия", "контент-стратегию", "контент-стратегии", "контент-план", "контент-плана", "контент-планы", "контент-менеджер", "контент-менеджера", "контент", "контента", "контентом", "создание контента", "создаю контент", "производство контента", "контент-завод", "=блог", "=блога", "=блоге", "=блогом", "ведение =блога", "вести =блог", "веду =блог", "статьи", "статей", "статью", "писать статьи", "пишу статьи", "лонгриды", "лонгрид", "кейсы", "кейсов", "вайтпейперы", "редакционная политика", "главный редактор", "шеф-редактор", "редакция", "редакции", "посты", "постов", "пишу посты"],
  },
  {
    id: "editing_proofreading",
    topic: "content",
    label: { en: "editing and proofreading", ru: "редактура и корректура" },
    en: ["editing", "copy editing", "copyediting", "copy editor", "proofreading", "proofreader", "line editing", "developmental editing", "editor", "editors", "text editing", "fact-checking", "fact checking", "style editing"],
    ru: ["редактура", "редактуры", "редактуру", "редактор", "редактора", "редакторы", "редакторов", "литературный редактор", "корректура", "корректуры", "корректор", "корректора", "вычитка", "вычитку", "вычитать", "правка текстов", "редактирование текстов", "редактирование текста", "фактчекинг", "фактчек"],
  },
  {
    id: "translation_localization",
    topic: "content",
    label: { en: "translation and localization", ru: "перевод и локализация" },
    en: ["translation", "translations", "translator", "translators", "translate", "translating", "interpreter", "interpreting", "simultaneous interpretation", "=localization", "=localisation", "=localize", "=localise", "game localization", "app localization", "website localization", "transcreation", "certified translation", "sworn translator"],
    ru: ["перевод", "перевода", "переводы", "переводов", "переводом", "переводчик", "переводчика", "переводчики", "переводчиков", "перевести", "перевожу", "устный перевод", "синхронный перевод", "синхронист", "последовательный перевод", "письменный перевод", "нотариальный перевод", "локализация", "локализации", "локализацию", "локализовать", "локализатор", "локализация игр", "локализация приложения", "транскреация"],
  },
  {
    id: "technical_writing",
    topic: "content",
    label: { en: "technical writing and documentation", ru: "техническое письмо и документация" },
    en: ["technical writing", "technical writer", "technical writers", "tech writer", "=documentation", "docs", "developer documentation", "API documentation", "API docs", "user manuals", "user guides", "knowledge base", "help center articles", "technical documentation", "docs-as-code"],
    ru: ["техническое письмо", "технический писатель", "технического писателя", "техписатель", "техписателя", "техрайтер", "документация", "документации", "документацию", "техническая документация", "технической документации", "пользовательская документация", "документация API", "база знаний", "базу знаний", "инструкции для пользователей", "руководство пользователя"],
  },
  {
    id: "scriptwriting",
    topic: "content",
    label: { en: "scriptwriting", ru: "сценарии" },
    en: ["scriptwriting", "scriptwriter", "screenwriter", "screenwriting", "script", "scripts", "video script", "video scripts", "script for {video|ad|commercial|reels|podcast|film}", "screenplay writing", "story development", "story editor"],
    ru: ["сценарист", "сценариста", "сценаристы", "сценаристов", "сценарий", "сценария", "сценарии", "сценариев", "сценарий для ролика", "сценарий ролика", "сценарии для видео", "сценарии для рилс", "сценарии для роликов", "драматург", "драматургия"],
  },
  {
    id: "ghostwriting",
    topic: "content",
    label: { en: "ghostwriting", ru: "гострайтинг" },
    en: ["ghostwriting", "ghostwriter", "ghost writer", "ghostwrite", "write on behalf of", "founder ghostwriting", "speechwriting for executives"],
    ru: ["гострайтинг", "гострайтер", "гострайтера", "пишу от лица", "писать от лица", "тексты от лица основателя", "литературный негр"],
  },
  {
    id: "newsletters_media",
    topic: "content",
    label: { en: "media, newsletters and journalism", ru: "медиа и журналистика" },
    en: ["=journalism", "reporter", "magazine", "magazines", "online magazine", "media startup", "media company", "media project", "independent media", "newsroom", "editorial", "news outlet", "paid newsletter", "newsletter business", "Substack newsletter", "columnist"],
    ru: ["=журналистика", "=журналистики", "=журнал", "=журнала", "=журналы", "онлайн-журнал", "онлайн-медиа", "медиапроект", "медиа-проект", "медиастартап", "независимое медиа", "независимые медиа", "издание", "издания", "редакция издания", "колумнист", "авторская колонка", "платная рассылка", "авторская рассылка"],
  },

  // ── publishing ─────────────────────────────────────────────────────────────
  {
    id: "book_publishing",
    topic: "publishing",
    label: { en: "book publishing", ru: "издание книг" },
    en: ["publish book", "publishing book", "book publishing", "publisher", "publishers", "publishing house", "literary agent", "literary agents", "book deal", "book proposal", "manuscript", "book launch", "book =marketing", "book promotion", "bestseller", "nonfiction book", "non-fiction book", "children's book", "children's books", "book editor", "book cover"],
    ru: ["издать книгу", "издание книги", "издания книги", "издам книгу", "издательство", "издательства", "издательством", "издатель", "издателя", "книжное издательство", "литературный агент", "литературного агента", "рукопись", "рукописи", "издательский договор", "выпуск книги", "продвижение книги", "книжный бизнес", "книжные магазины", "нон-фикшн", "нонфикшн", "детская книга", "детские книги", "бестселлер"],
  },
  {
    id: "self_publishing",
    topic: "publishing",
    label: { en: "self-publishing", ru: "самиздат" },
    en: ["self-publishing", "self publishing", "self-published", "self-publish", "Amazon KDP", "KDP", "Kindle Direct Publishing", "indie author", "indie authors", "print on demand", "ebook publishing", "audiobook", "audiobooks", "ACX"],
    ru: ["самиздат", "самиздата", "самостоятельное издание", "издать самостоятельно", "Ridero", "Ридеро", "ЛитРес", "Литрес", "Литрес Самиздат", "Amazon KDP", "печать по требованию", "электронная книга", "электронные книги", "электронную книгу", "аудиокнига", "аудиокниги", "аудиокнигу", "инди-автор"],
  },
  {
    id: "book_writing",
    topic: "publishing",
    label: { en: "writing a book", ru: "написание книги" },
    en: ["write book", "writing book", "writing my first book", "book writing", "=author", "=authors", "=writer", "=writers", "novelist", "=novels", "fiction", "fiction writer", "memoir", "creative writing", "writing workshop", "book coach", "book coaching", "poetry", "poet"],
    ru: ["написать книгу", "пишу книгу", "написание книги", "написании книги", "писатель", "писателя", "писатели", "писательница", "писательство", "автор книги", "автор книг", "автора книги", "пишу роман", "написать роман", "художественная литература", "художественный текст", "мемуары", "творческое письмо", "литературное мастерство", "писательский курс", "поэзия", "поэт", "стихи"],
  },

  // ── education ──────────────────────────────────────────────────────────────
  {
    id: "online_courses",
    topic: "education",
    label: { en: "online courses and e-learning", ru: "онлайн-курсы и онлайн-школы" },
    en: ["online course", "online courses", "course creation", "create {course|online course|curriculum}", "course creator", "course creators", "elearning", "instructional design", "instructional designer", "learning design", "learning experience design", "curriculum", "curriculum design", "curriculum development", "cohort-based course", "online school", "online academy", "course platform", "Teachable", "Thinkific", "Kajabi", "Udemy", "Coursera", "MOOC", "info products", "digital products", "course launch", "course sales", "membership site"],
    ru: ["онлайн-курс", "онлайн-курса", "онлайн-курсы", "онлайн-курсов", "онлайн курс", "онлайн курсы", "онлайн-школа", "онлайн-школы", "онлайн-школу", "онлайн-школ", "онлайн школа", "{создать|создание|создаю|запустить|запуск|запускаю|сделать|разработать|разработка|упаковать|упаковка} {курс|курса|курсы|онлайн-курс|онлайн-курса|онлайн-курсы|образовательный продукт|образовательные продукты|обучающий курс|программу обучения}", "методолог", "методолога", "методологи", "методист", "методиста", "методисты", "методология обучения", "методическая разработка", "учебная программа", "учебную программу", "образовательная программа", "образовательные программы", "образовательный продукт", "образовательных продуктов", "инфобизнес", "инфобизнеса", "инфопродукт", "инфопродукты", "инфопродюсер", "инфопродюсера", "продюсер онлайн-школы", "продюсер курсов", "продюсирование экспертов", "GetCourse", "Геткурс", "геткурс", "дистанционное обучение", "электронное обучение"],
  },
  {
    id: "edtech",
    topic: "education",
    label: { en: "edtech", ru: "EdTech" },
    en: ["edtech", "EdTech", "education technology", "educational technology", "learning platform", "learning platforms", "LMS", "learning management system", "education startup", "education startups", "educational app", "language learning app", "tutoring platform", "school software", "education market", "selling to schools", "K-12 education", "higher education", "higher ed"],
    ru: ["EdTech", "эдтех", "эдтеха", "эдтехе", "образовательная платформа", "образовательной платформы", "образовательные платформы", "образовательный стартап", "образовательные стартапы", "образовательное приложение", "образовательный проект", "образовательные проекты", "рынок образования", "сфера образования", "высшее образование", "школьное образование", "дополнительное образование", "частная школа", "частные школы"],
  },
  {
    id: "tutoring_teaching",
    topic: "education",
    label: { en: "tutoring and teaching", ru: "репетиторство и преподавание" },
    en: ["tutor", "tutors", "tutoring", "teacher", "teachers", "teaching", "teach", "lecturer", "lecturing", "lectures", "classes", "lessons", "private lessons", "math tutor", "exam prep", "exam preparation", "test prep", "SAT prep", "IELTS prep", "coding bootcamp", "bootcamp", "bootcamps", "mentor students", "teaching kids", "kids coding", "coding for kids", "STEM education", "school teacher"],
    ru: ["репетитор", "репетитора", "репетиторы", "репетиторов", "репетиторство", "преподаватель", "преподавателя", "преподаватели", "преподавателей", "преподавание", "преподавания", "преподаю", "преподавать", "учитель", "учителя", "учителей", "обучаю", "обучать", "лектор", "лекции", "лекций", "частные уроки", "индивидуальные занятия", "подготовка к экзаменам", "подготовка к ЕГЭ", "ЕГЭ", "ОГЭ", "олимпиады", "буткемп", "буткемпы", "программирование для детей", "детское образование", "для детей и подростков", "школьники", "школьников", "STEM"],
  },
  {
    id: "language_learning",
    topic: "education",
    label: { en: "languages and language exchange", ru: "иностранные языки" },
    en: ["learn English", "learning English", "English teacher", "English tutor", "English lessons", "business English", "{English|Spanish|German|French|Russian|Chinese|Mandarin|Japanese|Arabic|Hebrew|Serbian|Georgian|Portuguese|Italian|Turkish|Polish|Dutch|Korean} {tutor|teacher|lessons|classes|course|courses|practice|conversation partner}", "language learning", "learn {language|languages|Spanish|German|French|Russian|Chinese|Japanese|Arabic|Hebrew|Serbian|Georgian|Portuguese|Italian|Turkish}", "language exchange", "language partner", "conversation practice", "speaking practice", "speaking club", "ESL", "IELTS", "TOEFL", "Spanish lessons", "German lessons", "French lessons", "Russian lessons", "Russian teacher", "improve English", "practice English", "fluent English", "polyglot", "linguist"],
    ru: ["английский", "английского", "английскому", "английским", "английский язык", "английского языка", "английскому языку", "учу английский", "учить английский", "изучение английского", "выучить английский", "подтянуть английский", "прокачать английский", "разговорный английский", "бизнес-английский", "деловой английский", "преподаватель английского", "репетитор английского", "учитель английского", "иностранные языки", "иностранных языков", "иностранный язык", "изучение языков", "изучение языка", "языковой обмен", "языковая практика", "разговорный клуб", "разговорная практика", "испанский", "немецкий", "немецкого", "французский", "китайский", "китайского", "сербский", "грузинский", "турецкий", "арабский язык", "иврит", "IELTS", "TOEFL", "полиглот", "лингвист", "русский как иностранный", "РКИ"],
  },
  {
    id: "corporate_training",
    topic: "education",
    label: { en: "corporate training and workshops", ru: "корпоративное обучение и тренинги" },
    en: ["corporate training", "corporate learning", "L&D", "learning and development", "training programs", "training program", "team training", "staff training", "employee training", "upskilling", "reskilling", "workshops for teams", "=trainings", "=trainer", "business trainer", "soft skills training", "leadership training", "sales workshops", "corporate university", "onboarding training"],
    ru: ["корпоративное обучение", "корпоративного обучения", "корпоративному обучению", "корпоративный университет", "обучение сотрудников", "обучения сотрудников", "обучение персонала", "обучения персонала", "обучение команды", "обучение команд", "тренинги", "тренингов", "тренинг", "тренинга", "бизнес-тренер", "бизнес-тренера", "бизнес тренер", "корпоративные тренинги", "корпоративный тренер", "развитие персонала", "T&D", "L&D", "программы развития", "программа развития", "развитие софт скиллов", "софт скиллы", "мягкие навыки", "повышение квалификации", "переподготовка", "апскиллинг"],
  },
  {
    id: "academia_research",
    topic: "education",
    label: { en: "academia and scientific research", ru: "наука и академические исследования" },
    en: ["academia", "academic", "academics", "PhD", "PhD student", "PhD students", "postdoc", "professor", "university", "universities", "research lab", "scientific research", "scientist", "scientists", "=researcher", "=researchers", "research paper", "research papers", "peer review", "publish papers", "=journal publication", "tech transfer", "technology transfer", "university spin-off", "commercialize research", "commercialization of research", "deep tech", "deeptech", "research lab", "biotech research"],
    ru: ["наука", "науки", "наукой", "научный", "научная", "научные", "научных", "научное", "учёный", "ученый", "учёные", "ученые", "учёных", "исследователь", "исследователя", "исследователи", "научные исследования", "научных исследований", "научная статья", "научные статьи", "научных статей", "публикации в журналах", "аспирант", "аспиранта", "аспирантура", "аспирантуры", "кандидат наук", "PhD", "постдок", "профессор", "университет", "университета", "университеты", "университетов", "вуз", "лаборатория", "лаборатории", "НИИ", "трансфер технологий", "коммерциализация технологий", "коммерциализация разработок", "коммерциализация науки", "спин-офф", "диптех", "deep tech", "наукоёмкий стартап", "наукоемкие технологии"],
  },
  {
    id: "study_abroad",
    topic: "education",
    label: { en: "studying abroad and admissions", ru: "учёба за рубежом и поступление" },
    en: ["study abroad", "studying abroad", "admissions", "university admissions", "college admissions", "MBA", "MBA admissions", "apply to MBA", "business school", "master's degree", "masters degree", "master's program", "scholarship", "scholarships", "student visa", "Erasmus", "grad school", "application essays", "admission essay", "motivation letter"],
    ru: ["учёба за рубежом", "учеба за рубежом", "учёба за границей", "образование за рубежом", "образование за границей", "поступление за рубеж", "поступление в зарубежный вуз", "поступить в университет", "поступление в университет", "поступление в магистратуру", "поступить в магистратуру", "поступить за границу", "МВА", "MBA", "бизнес-школа", "бизнес-школы", "бизнес-школу", "магистратура", "магистратуры", "магистратуру", "стипендия", "стипендии", "студенческая виза", "мотивационное письмо", "эссе для поступления"],
  },
];
