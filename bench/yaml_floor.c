/* The floor of `widgetc validate`: libyaml pulls every parser event of every file, builds nothing.
 *
 * usage: yaml_floor [--errors FILE] PATH...   (directories are walked for *.yaml and *.yml)
 * Prints "files N events E yaml_errors K"; with --errors, writes "file<TAB>line:col problem" for each
 * file libyaml refuses, so the corpus's intended YAML errors can be checked against libyaml itself.
 * Build: gcc -O2 -o yaml_floor yaml_floor.c -lyaml
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

static unsigned char *buffer;
static size_t capacity;
static long files, events, failures;
static FILE *errors_out;
static size_t root_length;

static int has_yaml_suffix(const char *path) {
    size_t n = strlen(path);
    return (n > 5 && strcmp(path + n - 5, ".yaml") == 0) || (n > 4 && strcmp(path + n - 4, ".yml") == 0);
}

/* Reads the whole file into the reused buffer; returns its length or -1. */
static long read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    size_t length = 0;
    for (;;) {
        if (length == capacity) {
            capacity = capacity ? capacity * 2 : 1 << 16;
            unsigned char *grown = realloc(buffer, capacity);
            if (!grown) { fclose(f); return -1; }
            buffer = grown;
        }
        size_t got = fread(buffer + length, 1, capacity - length, f);
        length += got;
        if (got == 0) break;
    }
    fclose(f);
    return (long)length;
}

static void parse_one(const char *path) {
    long length = read_file(path);
    if (length < 0) { fprintf(stderr, "yaml_floor: cannot read %s\n", path); failures++; return; }
    files++;
    yaml_parser_t parser;
    yaml_event_t event;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, buffer, (size_t)length);
    for (;;) {
        if (!yaml_parser_parse(&parser, &event)) {
            failures++;
            if (errors_out)
                fprintf(errors_out, "%s\t%zu:%zu %s\n", strlen(path) > root_length ? path + root_length : path,
                        parser.problem_mark.line + 1, parser.problem_mark.column + 1,
                        parser.problem ? parser.problem : "error");
            break;
        }
        events++;
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        if (done) break;
    }
    yaml_parser_delete(&parser);
}

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw) {
    (void)st; (void)ftw;
    if (type == FTW_F && has_yaml_suffix(path)) parse_one(path);
    return 0;
}

int main(int argc, char **argv) {
    int i = 1;
    if (i + 1 < argc && strcmp(argv[i], "--errors") == 0) {
        errors_out = fopen(argv[i + 1], "w");
        if (!errors_out) { perror(argv[i + 1]); return 2; }
        i += 2;
    }
    if (i >= argc) { fprintf(stderr, "usage: yaml_floor [--errors FILE] PATH...\n"); return 2; }
    for (; i < argc; i++) {
        /* Report files relative to the directory given, as the other tools do. */
        root_length = strlen(argv[i]);
        while (root_length > 0 && argv[i][root_length - 1] == '/') root_length--;
        root_length += 1;
        if (nftw(argv[i], visit, 32, FTW_PHYS) != 0) { perror(argv[i]); return 2; }
    }
    if (errors_out) fclose(errors_out);
    printf("files %ld events %ld yaml_errors %ld\n", files, events, failures);
    free(buffer);
    return 0;
}
