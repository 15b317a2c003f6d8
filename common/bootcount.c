// SPDX-License-Identifier: GPL-2.0-or-later
/* The boot counter in the TWL4030 backup registers (see bootcount.h). */
#include "common/bootcount.h"

#include <stdint.h>

#include "common/storage.h"
#include "lib/errno.h"

#define REG_MAGIC 4  /* BACKUP_REG_E */
#define REG_COUNT 5
#define REG_CHECK 6
#define MAGIC 0x47
#define CHECK_XOR 0xA5

int bootcount_read(void)
{
	struct twl4030 *twl = storage_twl();
	uint8_t m, c, k;

	if (!twl)
		return -ENODEV;
	if (twl4030_backup_read(twl, REG_MAGIC, &m) || twl4030_backup_read(twl, REG_COUNT, &c) ||
	    twl4030_backup_read(twl, REG_CHECK, &k))
		return -EIO;
	if (m != MAGIC || k != (c ^ CHECK_XOR))
		return 0;
	return c;
}

int bootcount_write(unsigned count)
{
	struct twl4030 *twl = storage_twl();
	uint8_t c = count > 255 ? 255 : (uint8_t)count;
	int err;

	if (!twl)
		return -ENODEV;
	/* Magic last: an interrupted update reads as 0, never as garbage. */
	err = twl4030_backup_write(twl, REG_MAGIC, 0);
	if (!err)
		err = twl4030_backup_write(twl, REG_COUNT, c);
	if (!err)
		err = twl4030_backup_write(twl, REG_CHECK, c ^ CHECK_XOR);
	if (!err)
		err = twl4030_backup_write(twl, REG_MAGIC, MAGIC);
	return err;
}
