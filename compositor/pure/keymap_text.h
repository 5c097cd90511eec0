/*
 * What a client's xkb keymap text makes xkbcommon read of the system's xkb files: its include
 * statements (include, augment, override, replace or alternate followed by a string), each
 * string naming one file more for every '+' or '|' in it. Bounding them bounds what one
 * keymap request costs the loop (decision 4.65). Pure: no Wayland.
 */
#ifndef PW_KEYMAP_TEXT_H
#define PW_KEYMAP_TEXT_H

#include <stddef.h>

/*
 * The number of files `text` includes, or -1 when a name holds a '/' (a path out of the xkb
 * folders: a device or a FIFO would block the loop). Counts on the safe side: a statement in a
 * comment or a string counts too.
 */
int pw_keymap_text_includes(const char *text, size_t len);

#endif
