import arabic400Url from '@fontsource/vazirmatn/files/vazirmatn-arabic-400-normal.woff2?url';
import arabic700Url from '@fontsource/vazirmatn/files/vazirmatn-arabic-700-normal.woff2?url';
import latin400Url from '@fontsource/vazirmatn/files/vazirmatn-latin-400-normal.woff2?url';
import latin700Url from '@fontsource/vazirmatn/files/vazirmatn-latin-700-normal.woff2?url';
import arabicUrl from '@fontsource-variable/vazirmatn/files/vazirmatn-arabic-wght-normal.woff2?url';
import latinExtUrl from '@fontsource-variable/vazirmatn/files/vazirmatn-latin-ext-wght-normal.woff2?url';
import latinUrl from '@fontsource-variable/vazirmatn/files/vazirmatn-latin-wght-normal.woff2?url';
import vazirCodeUrl from 'vazir-code-font/dist/Without-Latin/Vazir-Code-WOL.woff2?url';
import type { Locale } from '../../common/locales';

// Vazirmatn split by script (Fontsource's subsets, with their unicode-range), so a page downloads
// only the files for characters it shows: Persian pages the Arabic-script face plus at most the
// Latin weights their Latin characters use; English pages the Latin face, and for the few Persian
// words they show (the «فارسی» switcher, a Persian author's name) one static Arabic-script weight
// of ~21 KB, not the variable face (D28: those words were in whatever font the system had).
const RANGES = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  latinExt:
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  // The Arabic-script subset, plus the space it also carries, so Persian text needs no Latin file for it.
  arabic:
    'U+0020,U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC',
} as const;

/**
 * Persian in code (D27): Vazir Code (public domain, its Persian-only cut of ~19 KB), for the Arabic
 * script and the joiners only — not the space, or every code block would fetch it — so a page
 * fetches it only when its code holds Persian. `--font-mono` (app/styles/app.css) names it first.
 */
const CODE_ARABIC_RANGE = 'U+0600-06FF,U+0750-077F,U+200C-200F,U+FB50-FDFF,U+FE70-FEFC';
const codeFace = `@font-face{font-family:"Vazir Code";src:url("${vazirCodeUrl}") format("woff2");font-weight:100 900;font-style:normal;font-display:swap;unicode-range:${CODE_ARABIC_RANGE}}`;

const face = (url: string, weight: string, range: string) =>
  `@font-face{font-family:"Vazirmatn";src:url("${url}") format("woff2");font-weight:${weight};font-style:normal;font-display:swap;unicode-range:${range}}`;

/**
 * The `@font-face` rules of a page. For overlapping ranges the last rule wins, so the script's own
 * face comes last. Browsers combine faces by unicode-range only when their other descriptors are
 * equal, so every face of a weight group has the same `font-weight` range. English: the variable
 * Latin faces (one file for every weight). Persian: two weight groups (100–550 and 551–900), each
 * with the variable Arabic-script face (the same file, fetched once) and one static Latin weight
 * (400 or 700) that is fetched only when the page shows Latin characters in that group.
 */
export const fontFaces: Record<Locale, string> = {
  en: (
    [
      ['100 550', arabic400Url],
      ['551 900', arabic700Url],
    ] as const
  )
    .flatMap(([weights, arabic]) => [
      face(arabic, weights, RANGES.arabic),
      // The Latin faces last: they win the space both subsets carry.
      face(latinExtUrl, weights, RANGES.latinExt),
      face(latinUrl, weights, RANGES.latin),
    ])
    .join('')
    .concat(codeFace),
  fa: (
    [
      ['100 550', latin400Url],
      ['551 900', latin700Url],
    ] as const
  )
    .flatMap(([weights, latin]) => [
      face(latinExtUrl, weights, RANGES.latinExt),
      face(latin, weights, RANGES.latin),
      face(arabicUrl, weights, RANGES.arabic),
    ])
    .join('')
    .concat(codeFace),
};

/** The one font file worth preloading: the face of the page's own script. */
export const fontPreload: Record<Locale, string> = { en: latinUrl, fa: arabicUrl };
