import type { Command } from "commander";
import { usageError } from "../runtime.ts";

type Node = { path: string[]; subcommands: string[]; options: string[] };

function walk(cmd: Command, path: string[], out: Node[], globals: string[]): void {
  const options = [...globals, ...cmd.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f))), "--help"];
  out.push({ path, subcommands: cmd.commands.map((c) => c.name()), options });
  for (const c of cmd.commands) walk(c, [...path, c.name()], out, globals);
}

/** Words to complete after each command path, from the program itself (never out of date). */
export function completionTree(program: Command): Node[] {
  const globals = program.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f)));
  const out: Node[] = [];
  walk(program, [], out, globals);
  return out;
}

export function bashCompletion(program: Command): string {
  const cases = completionTree(program)
    .map((n) => `    "${n.path.join(" ")}") words="${[...n.subcommands, ...n.options].join(" ")}" ;;`)
    .join("\n");
  return `# tuesday bash completion: eval "$(tuesday completion bash)" (or save it under /etc/bash_completion.d/)
_tuesday() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" w words=""
  for w in "\${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    case "$w" in -*) ;; *) path="\${path:+$path }$w" ;; esac
  done
  while :; do
    words=""
    case "$path" in
${cases}
    esac
    if [ -n "$words" ] || [ -z "$path" ]; then break; fi
    # An option's value (a file, a slug) is no command: drop the last word and try again.
    case "$path" in *" "*) path="\${path% *}" ;; *) path="" ;; esac
  done
  COMPREPLY=( $(compgen -W "$words" -- "$cur") )
}
complete -o default -F _tuesday tuesday
`;
}

export function zshCompletion(program: Command): string {
  const cases = completionTree(program)
    .map((n) => `    "${n.path.join(" ")}") cands=(${[...n.subcommands, ...n.options].join(" ")}) ;;`)
    .join("\n");
  return `#compdef tuesday
# tuesday zsh completion: eval "$(tuesday completion zsh)" (or save it as _tuesday in your $fpath)
_tuesday() {
  local -a cands
  local p="" w
  for w in \${words[2,CURRENT-1]}; do
    [[ $w == -* ]] || p="\${p:+$p }$w"
  done
  while :; do
    cands=()
    case "$p" in
${cases}
    esac
    (( \${#cands} )) || [[ -z $p ]] && break
    if [[ $p == *" "* ]]; then p="\${p% *}"; else p=""; fi
  done
  compadd -a cands
}
compdef _tuesday tuesday
`;
}

export function registerCompletionCommand(program: Command): void {
  program
    .command("completion")
    .description("Print a shell completion script")
    .argument("<shell>", "bash or zsh")
    .addHelpText("after", '\nExamples:\n  eval "$(tuesday completion bash)"\n  tuesday completion zsh > ~/.zsh/completions/_tuesday\n')
    .action((shell: string) => {
      if (shell === "bash") process.stdout.write(bashCompletion(program));
      else if (shell === "zsh") process.stdout.write(zshCompletion(program));
      else throw usageError(`unknown shell "${shell}"`, "bash or zsh");
    });
}
