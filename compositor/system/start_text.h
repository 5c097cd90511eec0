/* The start's code out of picowl's RSS (decision 4.57). No Wayland. */
#ifndef PW_START_TEXT_H
#define PW_START_TEXT_H

/*
 * Drops the executable's code pages from the page tables; each refaults from the file (the page
 * cache) at its next run. Called once, when the session has started.
 */
void pw_start_text_drop(void);

#endif
