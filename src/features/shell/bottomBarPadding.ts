// Apart from BottomBar.tsx, which loads only for signed-in users: the shell needs this at once.

/** The shell pads the page by the bar's height on narrow screens, so nothing ends up behind it. */
export const BOTTOM_BAR_PADDING = "pb-[calc(4rem+env(safe-area-inset-bottom))] lg:pb-0";
