#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif

/* The wide-character API (get_wch, UTF-8 output through addnstr in a UTF-8 locale). */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* stdscr, LINES and COLS are mutable C globals, which Swift 6 rejects reading directly, and
   A_REVERSE and friends are macros built from NCURSES_BITS, which are not imported: reach
   them through functions. */
static inline int cncurses_lines(void) { return LINES; }
static inline int cncurses_columns(void) { return COLS; }
static inline WINDOW *cncurses_screen(void) { return stdscr; }
static inline int cncurses_attribute_reverse(void) { return (int)A_REVERSE; }
static inline int cncurses_attribute_dim(void) { return (int)A_DIM; }
static inline int cncurses_attribute_bold(void) { return (int)A_BOLD; }
static inline int cncurses_attribute_underline(void) { return (int)A_UNDERLINE; }
static inline int cncurses_color_pair(int pair) { return (int)COLOR_PAIR(pair); }
static inline int cncurses_key_code_yes(void) { return KEY_CODE_YES; }

/* The columns a character takes (wcwidth is declared only under _XOPEN_SOURCE). */
int wcwidth(wchar_t character);
static inline int cncurses_width(unsigned int character) { return wcwidth((wchar_t)character); }

/* Reads one key: returns 0 for a character (in *character), 1 for a function key (in *key),
   -1 for none. */
static inline int cncurses_read(int *key, unsigned int *character) {
    wint_t value = 0;
    int result = wget_wch(stdscr, &value);
    if (result == ERR) return -1;
    if (result == KEY_CODE_YES) { *key = (int)value; return 1; }
    *character = (unsigned int)value;
    return 0;
}

/* The last mouse event: its row and whether it was a click (0), wheel up (1) or wheel down (2);
   -1 when it was something else. */
static inline int cncurses_mouse(int *row) {
    MEVENT event;
    if (getmouse(&event) != OK) return -1;
    *row = event.y;
    if (event.bstate & BUTTON4_PRESSED) return 1;
#ifdef BUTTON5_PRESSED
    if (event.bstate & BUTTON5_PRESSED) return 2;
#endif
    if (event.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED)) return 0;
    return -1;
}

static inline void cncurses_enable_mouse(void) {
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
              | BUTTON5_PRESSED
#endif
              , NULL);
    mouseinterval(0);
}

#endif
