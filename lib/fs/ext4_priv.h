/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What lib/fs/ext4.c lends lib/fs/ext4_write.c: path lookup and block mapping.
 * Not for other users. */
#ifndef LIB_FS_EXT4_PRIV_H
#define LIB_FS_EXT4_PRIV_H

#include "lib/fs/ext4.h"

/* path resolved from the root (symlinks followed) into *in. */
int ext4_lookup(struct ext4_fs *fs, const char *path, struct ext4_inode *in);
/* Logical block lb of in: *pb (0: a hole) and *len blocks from there. */
int ext4_map(struct ext4_fs *fs, const struct ext4_inode *in, uint32_t lb, uint32_t *pb,
	     uint32_t *len);

#endif
