/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Shared helpers for the host unit tests: the repository root, a scratch
 * directory, shell commands, whole-file reads, and block devices backed by
 * memory or an image file that count their reads. Static, because each
 * test program is built from one .c file. */
#ifndef TESTS_UNIT_HELPERS_H
#define TESTS_UNIT_HELPERS_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "lib/fs/blockdev.h"

#define HELPER static __attribute__((unused))

/* The tests run from build/host (tests/run-all.sh) or anywhere else in the
 * tree: walk up to the directory that holds lib/fs/blockdev.h. */
HELPER const char *repo_root(void)
{
	static char root[PATH_MAX];
	char probe[PATH_MAX + 32];
	int i;

	if (root[0])
		return root;
	if (!getcwd(root, sizeof(root)))
		abort();
	for (i = 0; i < 8; i++) {
		char *slash;

		snprintf(probe, sizeof(probe), "%s/lib/fs/blockdev.h", root);
		if (!access(probe, R_OK))
			return root;
		slash = strrchr(root, '/');
		if (!slash || slash == root)
			break;
		*slash = 0;
	}
	fprintf(stderr, "cannot find the repository root from the current directory\n");
	abort();
}

HELPER int sh(const char *fmt, ...)
{
	char cmd[4096];
	va_list ap;
	int rc;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	rc = system(cmd);
	return rc == -1 ? -1 : WEXITSTATUS(rc);
}

/* build/host/tmp/<name> under the root, created empty-or-existing. */
HELPER const char *scratch_dir(const char *name)
{
	static char dir[PATH_MAX + 64];

	snprintf(dir, sizeof(dir), "%s/build/host/tmp/%s", repo_root(), name);
	if (sh("mkdir -p '%s'", dir))
		abort();
	return dir;
}

HELPER uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	if (n && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf)
		buf[n] = 0;   /* text files can be used as strings */
	if (len)
		*len = (size_t)n;
	return buf;
}

HELPER int spew(const char *path, const void *buf, size_t len)
{
	FILE *f = fopen(path, "wb");
	int ok;

	if (!f)
		return -1;
	ok = fwrite(buf, 1, len, f) == len;
	return (fclose(f) == 0 && ok) ? 0 : -1;
}

/* A block device over memory or a file, recording what was read. */
struct test_bd {
	struct blockdev bd;
	const uint8_t *mem;     /* or */
	FILE *file;
	unsigned reads;         /* calls */
	uint64_t sectors;       /* blocks read in all */
	unsigned max_count;     /* largest single read */
	/* Reads whose destination lies in [watch, watch + watch_len). */
	const uint8_t *watch;
	size_t watch_len;
	unsigned watch_reads;
	int fail_at;            /* >0: the Nth read fails with -EIO */
};

HELPER int test_bd_read(struct blockdev *bd, uint64_t lba, uint32_t count, void *buf)
{
	struct test_bd *t = (struct test_bd *)bd;

	if (lba + count > bd->nblocks) {
		fprintf(stderr, "test_bd: read past the end (%llu+%u > %llu)\n",
			(unsigned long long)lba, count, (unsigned long long)bd->nblocks);
		abort();
	}
	t->reads++;
	t->sectors += count;
	if (count > t->max_count)
		t->max_count = count;
	if (t->watch && (const uint8_t *)buf >= t->watch &&
	    (const uint8_t *)buf < t->watch + t->watch_len)
		t->watch_reads++;
	if (t->fail_at && (int)t->reads == t->fail_at)
		return -5; /* -EIO */
	if (t->mem) {
		memcpy(buf, t->mem + lba * BLOCK_SIZE, (size_t)count * BLOCK_SIZE);
		return 0;
	}
	if (fseeko(t->file, (off_t)(lba * BLOCK_SIZE), SEEK_SET) ||
	    fread(buf, BLOCK_SIZE, count, t->file) != count)
		return -5;
	return 0;
}

HELPER void test_bd_mem(struct test_bd *t, const void *mem, size_t len)
{
	memset(t, 0, sizeof(*t));
	t->mem = mem;
	t->bd.name = "mem";
	t->bd.nblocks = len / BLOCK_SIZE;
	t->bd.read = test_bd_read;
}

HELPER int test_bd_file(struct test_bd *t, const char *path)
{
	struct stat st;

	memset(t, 0, sizeof(*t));
	if (stat(path, &st))
		return -1;
	t->file = fopen(path, "rb");
	if (!t->file)
		return -1;
	t->bd.name = "file";
	t->bd.nblocks = (uint64_t)st.st_size / BLOCK_SIZE;
	t->bd.read = test_bd_read;
	return 0;
}

HELPER void test_bd_reset_counts(struct test_bd *t)
{
	t->reads = 0;
	t->sectors = 0;
	t->max_count = 0;
	t->watch_reads = 0;
}

/* Log callback that keeps the messages for inspection. */
static char test_log_buf[8192] __attribute__((unused));

HELPER void test_log(const char *fmt, ...)
{
	size_t n = strlen(test_log_buf);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(test_log_buf + n, sizeof(test_log_buf) - n, fmt, ap);
	va_end(ap);
}

HELPER void test_log_clear(void)
{
	test_log_buf[0] = 0;
}

#endif
