/* The floor of a site build on this machine: the least any generator must do with the files of a
 * build, without generating anything. It reads every input file whole, then writes the same number
 * of bytes into the same files in a fresh output folder, making each folder once.
 *
 *     floor INPUTS PLAN OUTPUT
 *
 * INPUTS lists one input path a line; PLAN lists "SIZE<TAB>PATH" a line, PATH relative to OUTPUT.
 * benchmarks/bench.py builds both from a site and Herald's output, and adds the CPU time of the
 * cmark command over the same Markdown bodies (the rendering no generator can skip). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char buffer[1 << 20];

static void fail(const char *what, const char *path) {
    fprintf(stderr, "floor: %s %s: %s\n", what, path, strerror(errno));
    exit(1);
}

/* Makes every folder of `path` up to its last slash, as a generator writing pages must; the plan
 * is sorted, so a file in the folder of the one before needs none. */
static char last_folder[8192];

static void make_parents(char *path) {
    char *end = strrchr(path, '/');
    if (!end) return;
    size_t length = (size_t)(end - path);
    if (strlen(last_folder) == length && strncmp(last_folder, path, length) == 0) return;
    memcpy(last_folder, path, length);
    last_folder[length] = '\0';
    for (char *slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        if (mkdir(path, 0755) != 0 && errno != EEXIST) fail("mkdir", path);
        *slash = '/';
    }
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: floor INPUTS PLAN OUTPUT\n");
        return 2;
    }
    char line[8192];
    FILE *inputs = fopen(argv[1], "r");
    if (!inputs) fail("open", argv[1]);
    long long read_bytes = 0;
    while (fgets(line, sizeof line, inputs)) {
        line[strcspn(line, "\n")] = '\0';
        int fd = open(line, O_RDONLY);
        if (fd < 0) fail("open", line);
        ssize_t count;
        while ((count = read(fd, buffer, sizeof buffer)) > 0) read_bytes += count;
        if (count < 0) fail("read", line);
        close(fd);
    }
    fclose(inputs);

    FILE *plan = fopen(argv[2], "r");
    if (!plan) fail("open", argv[2]);
    if (mkdir(argv[3], 0755) != 0 && errno != EEXIST) fail("mkdir", argv[3]);
    memset(buffer, 'x', sizeof buffer);
    char path[8192];
    long long written = 0, files = 0;
    while (fgets(line, sizeof line, plan)) {
        line[strcspn(line, "\n")] = '\0';
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        long long size = atoll(line);
        snprintf(path, sizeof path, "%s/%s", argv[3], tab + 1);
        make_parents(path);
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) fail("create", path);
        for (long long left = size; left > 0;) {
            ssize_t count = write(fd, buffer, left < (long long)sizeof buffer ? (size_t)left : sizeof buffer);
            if (count < 0) fail("write", path);
            left -= count;
        }
        close(fd);
        written += size;
        files++;
    }
    fclose(plan);
    printf("read %lld bytes, wrote %lld bytes into %lld files\n", read_bytes, written, files);
    return 0;
}
