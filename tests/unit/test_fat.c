// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/fs/fat on images made by mkfs.vfat and mtools
 * (tests/unit/mkimages.sh): every file compared with its host copy, listings,
 * merged multi-block reads, the FAT cache, and corrupt images. */
#pragma GCC diagnostic ignored "-Wformat-truncation"
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <dirent.h>

#include "tests/unit/helpers.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/fs/fat.h"
#include "lib/fs/part.h"

static char imgdir[PATH_MAX + 64];
static uint8_t work[FAT_WORK_SIZE];

struct image {
	const char *name;
	int bits;
	unsigned spc;
	int part;       /* part_open_boot's answer */
};

static const struct image images[] = {
	{ "fat12", 12, 1, 0 },
	{ "fat16", 16, 4, 0 },
	{ "fat16_64k", 16, 128, 0 },
	{ "fat32", 32, 1, 0 },
	{ "fat32_4k", 32, 8, MBR_NPART },
	{ "fat32_64k", 32, 128, 0 },
};

static int build_images(void **state)
{
	snprintf(imgdir, sizeof(imgdir), "%s", scratch_dir("fatimg"));
	if (sh("'%s/tests/unit/mkimages.sh' '%s'", repo_root(), imgdir)) {
		fprintf(stderr, "mkimages.sh failed\n");
		return -1;
	}
	return 0;
}

struct opened {
	struct test_bd disk;
	struct blockdev part;
	struct fat_fs fs;
};

static void open_image(struct opened *o, const struct image *im)
{
	char path[PATH_MAX + 64];
	uint8_t sector[512];
	int ret;

	snprintf(path, sizeof(path), "%s/%s.img", imgdir, im->name);
	assert_int_equal(test_bd_file(&o->disk, path), 0);
	ret = part_open_boot(&o->disk.bd, sector, &o->part, "p");
	assert_int_equal(ret, im->part);
	test_log_clear();
	ret = fat_mount(&o->fs, &o->part, work, sizeof(work), test_log);
	if (ret)
		fprintf(stderr, "%s: %s", im->name, test_log_buf);
	assert_int_equal(ret, 0);
	assert_int_equal(o->fs.bits, im->bits);
	assert_int_equal(1u << o->fs.spc_shift, im->spc);
}

static void close_image(struct opened *o)
{
	fclose(o->disk.file);
}

/* Reads every host file through lib/fs/fat and compares; returns the count. */
static int compare_tree(struct opened *o, const char *imname, bool upper)
{
	char cmd[PATH_MAX + 64], line[PATH_MAX];
	static uint8_t buf[21 << 20];
	FILE *p;
	int n = 0;

	snprintf(cmd, sizeof(cmd), "cd '%s/tree' && find . -type f", imgdir);
	p = popen(cmd, "r");
	assert_non_null(p);
	while (fgets(line, sizeof(line), p)) {
		char host[PATH_MAX * 3], path[PATH_MAX];
		uint8_t *want;
		size_t wlen;
		uint32_t size = 0;
		int ret;

		line[strcspn(line, "\n")] = 0;
		if (!strcmp(line, "./twenty.bin") && strcmp(imname, "fat32"))
			continue;
		snprintf(host, sizeof(host), "%s/tree/%s", imgdir, line + 2);
		snprintf(path, sizeof(path), "%s", line + 1);
		if (upper)
			for (char *c = path; *c; c++)
				if (*c >= 'a' && *c <= 'z')
					*c -= 32;
		want = slurp(host, &wlen);
		assert_non_null(want);
		memset(buf, 0xa5, wlen + 600);
		test_log_clear();
		ret = fat_read(&o->fs, path, buf, sizeof(buf) - 600, &size);
		if (ret)
			fprintf(stderr, "%s: %s: %d %s", imname, path, ret, test_log_buf);
		assert_int_equal(ret, 0);
		assert_int_equal(size, wlen);
		assert_memory_equal(buf, want, wlen);
		/* Nothing written past the file's end. */
		assert_int_equal(buf[wlen], 0xa5);
		assert_int_equal(buf[wlen + 511], 0xa5);
		free(want);
		n++;
	}
	pclose(p);
	return n;
}

static void test_read_all_files(void **state)
{
	for (size_t i = 0; i < sizeof(images) / sizeof(images[0]); i++) {
		struct opened o;

		open_image(&o, &images[i]);
		assert_true(compare_tree(&o, images[i].name, false) >= 87);
		close_image(&o);
	}
}

static void test_case_insensitive(void **state)
{
	struct opened o;
	struct fat_stat st;

	open_image(&o, &images[1]);
	assert_true(compare_tree(&o, images[1].name, true) >= 87);
	assert_int_equal(fat_stat(&o.fs, "/Boot/EXTLINUX/Extlinux.Conf", &st), 0);
	assert_false(st.is_dir);
	close_image(&o);
}

struct listing {
	char names[128][300];
	uint32_t sizes[128];
	bool dirs[128];
	int n;
};

static int collect(void *arg, const char *name, uint32_t size, bool is_dir)
{
	struct listing *l = arg;

	if (l->n >= 128)
		return -1;
	snprintf(l->names[l->n], sizeof(l->names[0]), "%s", name);
	l->sizes[l->n] = size;
	l->dirs[l->n] = is_dir;
	l->n++;
	return 0;
}

static int find_name(const struct listing *l, const char *name)
{
	for (int i = 0; i < l->n; i++)
		if (!strcmp(l->names[i], name))
			return i;
	return -1;
}

/* The listing of dir equals the host directory's, names and sizes. */
static void check_listing(struct opened *o, const char *imname, const char *dir)
{
	static struct listing l;
	char host[PATH_MAX * 2];
	struct dirent *d;
	DIR *dp;
	int hostn = 0;

	memset(&l, 0, sizeof(l));
	assert_int_equal(fat_list(&o->fs, dir, collect, &l), 0);
	snprintf(host, sizeof(host), "%s/tree%s", imgdir, dir);
	dp = opendir(host);
	assert_non_null(dp);
	while ((d = readdir(dp))) {
		struct stat st;
		char p[PATH_MAX * 3];
		int i;

		if (d->d_name[0] == '.' || (!strcmp(d->d_name, "twenty.bin") && strcmp(imname, "fat32")))
			continue;
		hostn++;
		snprintf(p, sizeof(p), "%s/%s", host, d->d_name);
		assert_int_equal(stat(p, &st), 0);
		i = find_name(&l, d->d_name);
		if (i < 0)
			fprintf(stderr, "%s: %s/%s not listed\n", imname, dir, d->d_name);
		assert_true(i >= 0);
		assert_int_equal(l.dirs[i], S_ISDIR(st.st_mode));
		if (!l.dirs[i])
			assert_int_equal(l.sizes[i], st.st_size);
	}
	closedir(dp);
	assert_int_equal(l.n, hostn);
}

static void test_listing(void **state)
{
	for (size_t i = 0; i < sizeof(images) / sizeof(images[0]); i++) {
		struct opened o;

		open_image(&o, &images[i]);
		check_listing(&o, images[i].name, "/");
		check_listing(&o, images[i].name, "/many");
		check_listing(&o, images[i].name, "/boot");
		check_listing(&o, images[i].name, "/boot/Sub Dir With Long Name");
		check_listing(&o, images[i].name, "/emptydir");
		check_listing(&o, images[i].name, "/holes");
		close_image(&o);
	}
}

static int stop_at_3(void *arg, const char *name, uint32_t size, bool is_dir)
{
	return ++*(int *)arg == 3 ? 42 : 0;
}

static void test_list_stop_and_errors(void **state)
{
	struct opened o;
	int n = 0;

	open_image(&o, &images[0]);
	assert_int_equal(fat_list(&o.fs, "/many", stop_at_3, &n), 42);
	assert_int_equal(n, 3);
	assert_int_equal(fat_list(&o.fs, "/README.TXT", stop_at_3, &n), -ENOTDIR);
	assert_int_equal(fat_list(&o.fs, "/nothere", stop_at_3, &n), -ENOENT);
	close_image(&o);
}

static void test_lookup_errors(void **state)
{
	struct opened o;
	struct fat_stat st;
	uint8_t buf[4096];
	uint32_t size;
	char longname[1000];

	open_image(&o, &images[3]);
	assert_int_equal(fat_stat(&o.fs, "/nothere", &st), -ENOENT);
	assert_int_equal(fat_stat(&o.fs, "/README.TXT/x", &st), -ENOTDIR);
	assert_int_equal(fat_read(&o.fs, "/boot", buf, sizeof(buf), &size), -EISDIR);
	assert_int_equal(fat_stat(&o.fs, "/", &st), 0);
	assert_true(st.is_dir);
	assert_int_equal(fat_stat(&o.fs, "", &st), 0);
	assert_true(st.is_dir);
	/* ".", ".." and doubled slashes. */
	assert_int_equal(fat_read(&o.fs, "/boot/../README.TXT", buf, sizeof(buf), &size), 0);
	assert_int_equal(size, 700);
	assert_int_equal(fat_read(&o.fs, "/boot/extlinux/../../boot/./extlinux//extlinux.conf",
				  buf, sizeof(buf), &size), 0);
	assert_int_equal(fat_read(&o.fs, "/../README.TXT", buf, sizeof(buf), &size), 0);
	/* The short alias of a long name works too, as on every FAT driver. */
	assert_int_equal(fat_stat(&o.fs, "/LONGFI~1.TXT", &st), 0);
	assert_int_equal(st.size, 1024);
	memset(longname, 'a', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = 0;
	assert_int_equal(fat_stat(&o.fs, longname, &st), -ENAMETOOLONG);
	close_image(&o);
}

static void test_efbig(void **state)
{
	struct opened o;
	uint8_t buf[100000];
	uint32_t size = 0;

	open_image(&o, &images[2]);
	test_log_clear();
	assert_int_equal(fat_read(&o.fs, "/boot/zImage", buf, 99999, &size), -EFBIG);
	assert_int_equal(size, 100000);
	assert_non_null(strstr(test_log_buf, "100000"));
	assert_non_null(strstr(test_log_buf, "99999"));
	assert_int_equal(fat_read(&o.fs, "/boot/zImage", buf, 100000, &size), 0);
	assert_int_equal(fat_read(&o.fs, "/empty", buf, 0, &size), 0);
	assert_int_equal(size, 0);
	close_image(&o);
}

/* Each run of consecutive clusters is one read straight into the buffer. */
static void test_fragmented_runs(void **state)
{
	static uint8_t buf[409600];

	for (size_t i = 0; i < sizeof(images) / sizeof(images[0]); i++) {
		char path[PATH_MAX + 64];
		char *frag;
		unsigned runs = 0;
		struct opened o;
		uint32_t size;

		snprintf(path, sizeof(path), "%s/%s.frag", imgdir, images[i].name);
		frag = (char *)slurp(path, NULL);
		assert_non_null(frag);
		for (char *c = frag; *c; c++)
			runs += *c == '<';
		free(frag);
		assert_true(runs >= 7); /* mkimages.sh did fragment it */
		open_image(&o, &images[i]);
		o.disk.watch = buf;
		o.disk.watch_len = sizeof(buf);
		test_bd_reset_counts(&o.disk);
		assert_int_equal(fat_read(&o.fs, "/frag.bin", buf, sizeof(buf), &size), 0);
		assert_int_equal(o.disk.watch_reads, runs);
		close_image(&o);
	}
}

/* 20 MB contiguous at 512-byte clusters: one data read, and the FAT (40000
 * entries, 313 sectors) read in a few cache windows, not per cluster. */
static void test_big_contiguous(void **state)
{
	static uint8_t buf[20000000];
	char host[PATH_MAX + 64];
	uint8_t *want;
	size_t wlen;
	struct opened o;
	uint32_t size;

	snprintf(host, sizeof(host), "%s/tree/twenty.bin", imgdir);
	want = slurp(host, &wlen);
	assert_non_null(want);
	open_image(&o, &images[3]);
	o.disk.watch = buf;
	o.disk.watch_len = sizeof(buf);
	test_bd_reset_counts(&o.disk);
	assert_int_equal(fat_read(&o.fs, "/twenty.bin", buf, sizeof(buf), &size), 0);
	assert_int_equal(size, 20000000);
	assert_int_equal(o.disk.watch_reads, 1);
	assert_int_equal(o.disk.max_count, 20000000 / 512);
	assert_true(o.disk.reads <= 16);
	assert_int_equal(crc32(0, buf, size), crc32(0, want, wlen));

	/* With the smallest work buffer the FAT is re-read in 2-sector
	 * windows, still not once per cluster. */
	{
		static uint8_t small[FAT_WORK_MIN];
		struct fat_fs fs;

		assert_int_equal(fat_mount(&fs, &o.part, small, sizeof(small), test_log), 0);
		assert_int_equal(fs.fat_cap, 2);
		test_bd_reset_counts(&o.disk);
		memset(buf, 0, sizeof(buf));
		assert_int_equal(fat_read(&fs, "/twenty.bin", buf, sizeof(buf), &size), 0);
		assert_memory_equal(buf, want, wlen);
		assert_true(o.disk.reads < 200);
	}
	free(want);
	close_image(&o);
}

/* ---- corrupt images, in memory ---- */

struct memimg {
	uint8_t *disk;
	size_t len;
	uint8_t *part;          /* first byte of the partition */
	struct test_bd bd;
	struct blockdev p;
	struct fat_fs fs;
};

static void load_mem(struct memimg *m, const char *name)
{
	char path[PATH_MAX + 64];
	uint8_t sector[512];

	snprintf(path, sizeof(path), "%s/%s.img", imgdir, name);
	m->disk = slurp(path, &m->len);
	assert_non_null(m->disk);
	test_bd_mem(&m->bd, m->disk, m->len);
	assert_true(part_open_boot(&m->bd.bd, sector, &m->p, "p") >= 0);
	m->part = m->disk + m->p.offset * 512;
	assert_int_equal(fat_mount(&m->fs, &m->p, work, sizeof(work), test_log), 0);
}

static int remount(struct memimg *m)
{
	test_log_clear();
	return fat_mount(&m->fs, &m->p, work, sizeof(work), test_log);
}

static uint32_t get_fat(struct memimg *m, uint32_t c)
{
	uint8_t *f = m->part + m->fs.fat_start * 512;

	if (m->fs.bits == 12) {
		uint32_t v = f[c + c / 2] | f[c + c / 2 + 1] << 8;
		return c & 1 ? v >> 4 : v & 0xfff;
	}
	if (m->fs.bits == 16)
		return f[2 * c] | f[2 * c + 1] << 8;
	return (f[4 * c] | f[4 * c + 1] << 8 | f[4 * c + 2] << 16 | (uint32_t)f[4 * c + 3] << 24) &
	       0x0fffffff;
}

static void set_fat(struct memimg *m, uint32_t c, uint32_t v)
{
	uint8_t *f = m->part + m->fs.fat_start * 512;

	if (m->fs.bits == 12) {
		uint8_t *p = f + c + c / 2;
		uint32_t old = p[0] | p[1] << 8;

		old = c & 1 ? (old & 0x000f) | (v << 4) : (old & 0xf000) | (v & 0xfff);
		p[0] = (uint8_t)old;
		p[1] = (uint8_t)(old >> 8);
	} else if (m->fs.bits == 16) {
		f[2 * c] = (uint8_t)v;
		f[2 * c + 1] = (uint8_t)(v >> 8);
	} else {
		for (int i = 0; i < 4; i++)
			f[4 * c + i] = (uint8_t)(v >> (8 * i));
	}
}

static uint32_t nth_cluster(struct memimg *m, const char *path, unsigned n)
{
	struct fat_stat st;
	uint32_t c;

	assert_int_equal(fat_stat(&m->fs, path, &st), 0);
	c = st.cluster;
	while (n--)
		c = get_fat(m, c);
	return c;
}

static uint8_t big[1 << 20];

static int read_frag(struct memimg *m)
{
	uint32_t size;

	test_log_clear();
	return fat_read(&m->fs, "/frag.bin", big, sizeof(big), &size);
}

static void corrupt_chains(const char *name)
{
	struct memimg m;
	uint32_t c1, c3, c5, save;
	uint32_t eoc;

	load_mem(&m, name);
	eoc = m.fs.bits == 12 ? 0xfff : m.fs.bits == 16 ? 0xffff : 0x0fffffff;
	assert_int_equal(read_frag(&m), 0);
	c1 = nth_cluster(&m, "/frag.bin", 1);
	c3 = nth_cluster(&m, "/frag.bin", 3);
	c5 = nth_cluster(&m, "/frag.bin", 5);

	/* A loop back to an earlier cluster. */
	save = get_fat(&m, c5);
	set_fat(&m, c5, c1);
	assert_int_equal(remount(&m), 0);
	assert_int_equal(read_frag(&m), -EBADMSG);
	assert_non_null(strstr(test_log_buf, "loop"));
	/* A cluster pointing at itself. */
	set_fat(&m, c5, c5);
	assert_int_equal(remount(&m), 0);
	assert_int_equal(read_frag(&m), -EBADMSG);
	/* Past the last cluster. */
	set_fat(&m, c5, m.fs.nclusters + 2);
	assert_int_equal(remount(&m), 0);
	assert_int_equal(read_frag(&m), -EBADMSG);
	assert_non_null(strstr(test_log_buf, "out-of-range"));
	/* A free cluster in the chain. */
	set_fat(&m, c5, 0);
	assert_int_equal(remount(&m), 0);
	assert_int_equal(read_frag(&m), -EBADMSG);
	assert_non_null(strstr(test_log_buf, "free"));
	/* The chain ends before the size says (size larger than chain). */
	set_fat(&m, c3, eoc);
	assert_int_equal(remount(&m), 0);
	assert_int_equal(read_frag(&m), -EBADMSG);
	assert_non_null(strstr(test_log_buf, "chain ends after 4 clusters"));
	set_fat(&m, c5, save);
	set_fat(&m, c3, c5 == c3 + 1 ? c5 : get_fat(&m, c3));
	free(m.disk);
}

static void test_corrupt_chains(void **state)
{
	corrupt_chains("fat12");
	corrupt_chains("fat16");
	corrupt_chains("fat32");
}

/* A chain longer than its file ends somewhere: accepted, with a note. The
 * same chain looping after the file's end is refused. */
static void test_chain_longer_than_size(void **state)
{
	struct memimg m;
	uint32_t c, spare, size;
	uint8_t buf[4096];

	load_mem(&m, "fat16");
	c = nth_cluster(&m, "/README.TXT", 0);
	spare = m.fs.nclusters + 1;
	assert_int_equal(get_fat(&m, spare), 0);
	set_fat(&m, c, spare);
	set_fat(&m, spare, 0xffff);
	assert_int_equal(remount(&m), 0);
	assert_int_equal(fat_read(&m.fs, "/README.TXT", buf, sizeof(buf), &size), 0);
	assert_non_null(strstr(test_log_buf, "longer"));
	set_fat(&m, spare, c);
	assert_int_equal(remount(&m), 0);
	assert_int_equal(fat_read(&m.fs, "/README.TXT", buf, sizeof(buf), &size), -EBADMSG);
	free(m.disk);
}

static int count_entries(void *arg, const char *name, uint32_t size, bool is_dir)
{
	++*(int *)arg;
	return 0;
}

/* A directory whose chain loops must end the listing, not spin. */
static void test_directory_loop(void **state)
{
	const char *names[] = { "fat12", "fat32" };

	for (int i = 0; i < 2; i++) {
		struct memimg m;
		uint32_t first, second;
		int n = 0;

		load_mem(&m, names[i]);
		/* Second cluster back to the first: no end-of-directory
		 * entry is ever reached. */
		first = nth_cluster(&m, "/many", 0);
		second = get_fat(&m, first);
		assert_true(second >= 2 && second < m.fs.nclusters + 2);
		set_fat(&m, second, first);
		assert_int_equal(remount(&m), 0);
		assert_int_equal(fat_list(&m.fs, "/many", count_entries, &n), -EBADMSG);
		assert_true(n < 200);
		/* Lookups of a missing name in it fail the same way. */
		assert_int_equal(fat_read(&m.fs, "/many/nothere", big, 10, NULL), -EBADMSG);
		free(m.disk);
	}
}

/* A directory entry claiming a size larger than the volume. */
static void test_size_past_volume(void **state)
{
	struct memimg m;
	uint8_t *root, *e = NULL;
	static uint8_t huge[64 << 20];
	uint32_t size;

	load_mem(&m, "fat12");
	root = m.part + m.fs.root_start * 512;
	for (unsigned i = 0; i < m.fs.root_sectors * 16; i++)
		if (!memcmp(root + 32 * i, "README  TXT", 11))
			e = root + 32 * i;
	assert_non_null(e);
	e[28] = 0; e[29] = 0; e[30] = 0; e[31] = 3; /* 48 MiB */
	assert_int_equal(remount(&m), 0);
	assert_int_equal(fat_read(&m.fs, "/README.TXT", huge, sizeof(huge), &size), -EBADMSG);
	assert_non_null(strstr(test_log_buf, "does not fit"));
	free(m.disk);
}

static void bpb_refused(struct memimg *m, unsigned off, unsigned len, uint32_t val,
			const char *why)
{
	uint8_t save[4];

	memcpy(save, m->part + off, len);
	for (unsigned i = 0; i < len; i++)
		m->part[off + i] = (uint8_t)(val >> (8 * i));
	assert_int_equal(remount(m), -EINVAL);
	if (!strstr(test_log_buf, why))
		fprintf(stderr, "log \"%s\" lacks \"%s\"\n", test_log_buf, why);
	assert_non_null(strstr(test_log_buf, why));
	memcpy(m->part + off, save, len);
	assert_int_equal(remount(m), 0);
}

static void test_bad_bpb(void **state)
{
	struct memimg m;

	load_mem(&m, "fat16");
	bpb_refused(&m, 0x0b, 2, 1024, "only 512");
	bpb_refused(&m, 0x0b, 2, 4096, "only 512");
	bpb_refused(&m, 0x0d, 1, 0, "sectors per cluster 0");
	bpb_refused(&m, 0x0d, 1, 3, "sectors per cluster 3");
	bpb_refused(&m, 0x10, 1, 0, "FATs 0");
	bpb_refused(&m, 0x0e, 2, 0, "reserved 0");
	bpb_refused(&m, 0x16, 2, 1, "cannot hold");
	bpb_refused(&m, 0x11, 2, 0, "root directory entries");
	/* Larger than the partition. */
	bpb_refused(&m, 0x20, 4, (uint32_t)m.p.nblocks + 1, "partition only");
	bpb_refused(&m, 0x0e, 2, 0xffff, "fill the whole volume");
	free(m.disk);

	load_mem(&m, "fat32");
	bpb_refused(&m, 0x2c, 4, 1, "root directory cluster 1");
	bpb_refused(&m, 0x2c, 4, m.fs.nclusters + 2, "out of range");
	bpb_refused(&m, 0x11, 2, 512, "root entries");
	free(m.disk);

	/* Garbage instead of a boot sector. */
	{
		uint8_t zero[64 * 512] = { 0 };
		struct test_bd t;
		struct fat_fs fs;

		test_bd_mem(&t, zero, sizeof(zero));
		assert_int_equal(fat_mount(&fs, &t.bd, work, sizeof(work), NULL), -EINVAL);
		assert_int_equal(fat_mount(&fs, &t.bd, work, FAT_WORK_MIN - 1, NULL), -EINVAL);
	}
}

/* Device errors come back as they are, and mount fails cleanly. */
static void test_io_errors(void **state)
{
	struct memimg m;
	uint32_t size;

	load_mem(&m, "fat16");
	for (int n = 1; n < 12; n++) {
		int ret;

		assert_int_equal(remount(&m), 0);
		test_bd_reset_counts(&m.bd);
		m.bd.fail_at = n;
		ret = fat_read(&m.fs, "/boot/zImage", big, sizeof(big), &size);
		m.bd.fail_at = 0;
		if (m.bd.reads >= (unsigned)n)
			assert_int_equal(ret, -EIO);
		else
			assert_int_equal(ret, 0);
	}
	free(m.disk);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_all_files),
		cmocka_unit_test(test_case_insensitive),
		cmocka_unit_test(test_listing),
		cmocka_unit_test(test_list_stop_and_errors),
		cmocka_unit_test(test_lookup_errors),
		cmocka_unit_test(test_efbig),
		cmocka_unit_test(test_fragmented_runs),
		cmocka_unit_test(test_big_contiguous),
		cmocka_unit_test(test_corrupt_chains),
		cmocka_unit_test(test_chain_longer_than_size),
		cmocka_unit_test(test_directory_loop),
		cmocka_unit_test(test_size_past_volume),
		cmocka_unit_test(test_bad_bpb),
		cmocka_unit_test(test_io_errors),
	};

	return cmocka_run_group_tests(tests, build_images, NULL);
}
