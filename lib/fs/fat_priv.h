/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What lib/fs/fat.c shares with lib/fs/fat_write.c: cluster arithmetic, FAT
 * entries and the bounded chain walk (Microsoft "FAT32 File System
 * Specification", "FAT Data Structure"). Not for other users. */
#ifndef LIB_FS_FAT_PRIV_H
#define LIB_FS_FAT_PRIV_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/fs/fat.h"

void fat_chain_init(struct fat_chain *ch, uint32_t first);
/* 1: moved on; 0: end of chain; -EBADMSG (logged) or an I/O error. */
int fat_chain_next(struct fat_fs *fs, struct fat_chain *ch);
bool fat_cluster_ok(const struct fat_fs *fs, uint32_t c);
uint64_t fat_cluster_sector(const struct fat_fs *fs, uint32_t c);
/* The FAT entry of cluster c, through the FAT cache. */
int fat_entry(struct fat_fs *fs, uint32_t c, uint32_t *val);
uint8_t fat_lfn_checksum(const uint8_t *shortname);
/* The 8.3 name of entry e as text ("README.TXT", NT case flags obeyed). */
void fat_short_name(const uint8_t *e, char *o);

#endif
