/*
 * Reading a shm buffer's pixels safely (shm.h): every read or write of them is bracketed by
 * these. Accesses nest, on one buffer or on several (each pool counts its own).
 */
#ifndef PW_SHM_ACCESS_H
#define PW_SHM_ACCESS_H

struct pw_shm_buffer;

void pw_shm_buffer_begin_access(struct pw_shm_buffer *buffer);
void pw_shm_buffer_end_access(struct pw_shm_buffer *buffer);

#endif
