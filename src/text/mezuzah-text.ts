// The text every kosher mezuzah carries (Deuteronomy 6:4–9 and 11:13–21, consonants
// only), in the traditional 22-line layout. Line 6 ends early (the setuma before
// "והיה אם שמע"), and line 22 holds only "על הארץ", written at the head (right end) of the line
// (Rambam, Tefillin 5:5; as in every sample registration photo).
// Both the identification engine (to recognise and label the layout) and the
// synthetic photo generator read it from here.

export const MEZUZAH_LINES: readonly string[] = [
  'שמע ישראל יהוה אלהינו יהוה אחד ואהבת את',
  'יהוה אלהיך בכל לבבך ובכל נפשך ובכל מאדך והיו',
  'הדברים האלה אשר אנכי מצוך היום על לבבך ושננתם',
  'לבניך ודברת בם בשבתך בביתך ובלכתך בדרך',
  'ובשכבך ובקומך וקשרתם לאות על ידך והיו לטטפת',
  'בין עיניך וכתבתם על מזזות ביתך ובשעריך',
  'והיה אם שמע תשמעו אל מצותי אשר אנכי',
  'מצוה אתכם היום לאהבה את יהוה אלהיכם ולעבדו',
  'בכל לבבכם ובכל נפשכם ונתתי מטר ארצכם בעתו',
  'יורה ומלקוש ואספת דגנך ותירשך ויצהרך ונתתי',
  'עשב בשדך לבהמתך ואכלת ושבעת השמרו לכם',
  'פן יפתה לבבכם וסרתם ועבדתם אלהים אחרים',
  'והשתחויתם להם וחרה אף יהוה בכם ועצר את',
  'השמים ולא יהיה מטר והאדמה לא תתן את יבולה',
  'ואבדתם מהרה מעל הארץ הטבה אשר יהוה נתן לכם',
  'ושמתם את דברי אלה על לבבכם ועל נפשכם וקשרתם',
  'אתם לאות על ידכם והיו לטוטפת בין עיניכם ולמדתם',
  'אתם את בניכם לדבר בם בשבתך בביתך ובלכתך',
  'בדרך ובשכבך ובקומך וכתבתם על מזוזות ביתך',
  'ובשעריך למען ירבו ימיכם וימי בניכם על האדמה',
  'אשר נשבע יהוה לאבתיכם לתת להם כימי השמים',
  'על הארץ',
];

/** The words of each line, in reading order (right to left on the parchment). */
export const MEZUZAH_WORDS: readonly (readonly string[])[] = MEZUZAH_LINES.map((line) => line.split(' '));

export const MEZUZAH_LETTER_COUNT = 713;

/** Letters whose stroke descends below the line: the final forms' tails and the ק's leg. */
export const DESCENDING_LETTERS: ReadonlySet<string> = new Set([...'ןךףץק']);

/** Letters that take three crowns (tagin): שעטנ״ז ג״ץ, finals included. */
export const CROWNED_LETTERS: ReadonlySet<string> = new Set([...'שעטנזגצןץ']);

/** The letters a scribe may widen to fill a line (אהלת״ם). */
export const DILATABLE_LETTERS: ReadonlySet<string> = new Set([...'אהלתם']);

/**
 * The enlarged letters of the first verse: the ע of שמע and the ד of אחד,
 * which together spell עד, "witness". Keyed by [line, word, letter in word],
 * 0-based.
 */
export const LARGE_LETTERS: readonly (readonly [number, number, number])[] = [
  [0, 0, 2],
  [0, 5, 2],
];
