#!/bin/bash

__subs_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__subs_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__subs_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__subs_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_subs() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __subs_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|show|edit|rm|pause|resume|cancel|history|export|import|config|scan|document|calendar|remind|snooze|ack|daemon|schedule|upcoming|forecast|report|budget|rates|detect|help)
        # Offer subcommand argument completions
        "_subs_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list show edit rm pause resume cancel history export import config scan document calendar remind snooze ack daemon schedule upcoming forecast report budget rates detect help' -- "${cur}"))
        ;;
    esac
}

_subs_add() {
    repeating_flags=()
    non_repeating_flags=(--no-color -y --yes --json --version -h --help)
    repeating_options=(--tag)
    non_repeating_options=(--db --as-of --amount --currency --every --next --since --category --note --payment-method --url --remind --trial-until --ends --notice-days --share --scan --engine --send --lang --max-pages)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--amount')
        return
        ;;
    '--currency')
        return
        ;;
    '--every')
        __subs_add_completions -W 'week'$'\n''month'$'\n''quarter'$'\n''year'$'\n''2 weeks'$'\n''6 months'
        return
        ;;
    '--next')
        return
        ;;
    '--since')
        return
        ;;
    '--category')
        return
        ;;
    '--tag')
        return
        ;;
    '--note')
        return
        ;;
    '--payment-method')
        return
        ;;
    '--url')
        return
        ;;
    '--remind')
        return
        ;;
    '--trial-until')
        return
        ;;
    '--ends')
        return
        ;;
    '--notice-days')
        return
        ;;
    '--share')
        return
        ;;
    '--scan')
        __subs_add_completions -o plusdirs -fX '!*.@(png|jpg|jpeg|webp|tif|tiff|gif|bmp|heic|heif|pdf|eml)'
        return
        ;;
    '--engine')
        __subs_add_completions -W 'local'$'\n''llm'$'\n''auto'
        return
        ;;
    '--send')
        __subs_add_completions -W 'text'$'\n''image'
        return
        ;;
    '--lang')
        return
        ;;
    '--max-pages')
        return
        ;;
    esac
}

_subs_list() {
    repeating_flags=()
    non_repeating_flags=(--no-color --all --json --csv --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --category --status --search --sort)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--category')
        return
        ;;
    '--status')
        __subs_add_completions -W 'active'$'\n''paused'$'\n''cancelled'$'\n''trial'
        return
        ;;
    '--search')
        return
        ;;
    '--sort')
        __subs_add_completions -W 'next'$'\n''name'$'\n''amount'$'\n''monthly'
        return
        ;;
    esac
}

_subs_show() {
    repeating_flags=()
    non_repeating_flags=(--no-color --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac
}

_subs_edit() {
    repeating_flags=()
    non_repeating_flags=(--no-color --json --version -h --help)
    repeating_options=(--tag --untag)
    non_repeating_options=(--db --as-of --name --amount --currency --every --next --since --category --note --payment-method --url --remind --trial-until --ends --notice-days --share --from)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--name')
        return
        ;;
    '--amount')
        return
        ;;
    '--currency')
        return
        ;;
    '--every')
        __subs_add_completions -W 'week'$'\n''month'$'\n''quarter'$'\n''year'$'\n''2 weeks'$'\n''6 months'
        return
        ;;
    '--next')
        return
        ;;
    '--since')
        return
        ;;
    '--category')
        return
        ;;
    '--tag')
        return
        ;;
    '--note')
        return
        ;;
    '--payment-method')
        return
        ;;
    '--url')
        return
        ;;
    '--remind')
        return
        ;;
    '--trial-until')
        return
        ;;
    '--ends')
        return
        ;;
    '--notice-days')
        return
        ;;
    '--share')
        return
        ;;
    '--from')
        return
        ;;
    '--untag')
        return
        ;;
    esac
}

_subs_rm() {
    repeating_flags=()
    non_repeating_flags=(--no-color -y --yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac
}

_subs_pause() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac
}

_subs_resume() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac
}

_subs_cancel() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac
}

_subs_history() {
    repeating_flags=()
    non_repeating_flags=(--no-color --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac
}

_subs_export() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --format -o --output)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--format')
        __subs_add_completions -W 'json'$'\n''csv'
        return
        ;;
    '-o'|'--output')
        __subs_add_completions -f
        return
        ;;
    esac
}

_subs_import() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __subs_add_completions -o plusdirs -fX '!*.@(json|csv)'
        return
        ;;
    esac
}

_subs_config() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __subs_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|get|set|unset)
        # Offer subcommand argument completions
        "_subs_config_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list get set unset' -- "${cur}"))
        ;;
    esac
}

_subs_config_list() {
    repeating_flags=()
    non_repeating_flags=(--no-color --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac
}

_subs_config_get() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __subs_add_completions -W 'currency'$'\n''remind_days'
        return
        ;;
    esac
}

_subs_config_set() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __subs_add_completions -W 'currency'$'\n''remind_days'
        return
        ;;
    esac
}

_subs_config_unset() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __subs_add_completions -W 'currency'$'\n''remind_days'
        return
        ;;
    esac
}

_subs_scan() {
    repeating_flags=()
    non_repeating_flags=(--no-color --add -y --yes --json --text --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --mailbox --since --engine --send --lang --max-pages)
    __subs_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--mailbox')
        __subs_add_completions -f
        return
        ;;
    '--since')
        return
        ;;
    '--engine')
        __subs_add_completions -W 'local'$'\n''llm'$'\n''auto'
        return
        ;;
    '--send')
        __subs_add_completions -W 'text'$'\n''image'
        return
        ;;
    '--lang')
        return
        ;;
    '--max-pages')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __subs_add_completions -o plusdirs -fX '!*.@(png|jpg|jpeg|webp|tif|tiff|gif|bmp|heic|heif|pdf|eml)'
        return
        ;;
    esac
}

_subs_document() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --number -o --output)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--number')
        return
        ;;
    '-o'|'--output')
        __subs_add_completions -f
        return
        ;;
    esac
}

_subs_calendar() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __subs_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    export|enable|disable|status|serve|publish)
        # Offer subcommand argument completions
        "_subs_calendar_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'export enable disable status serve publish' -- "${cur}"))
        ;;
    esac
}

_subs_calendar_export() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of -o --output)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '-o'|'--output')
        __subs_add_completions -o plusdirs -fX '!*.@(ics)'
        return
        ;;
    esac
}

_subs_calendar_enable() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --path)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--path')
        __subs_add_completions -o plusdirs -fX '!*.@(ics)'
        return
        ;;
    esac
}

_subs_calendar_disable() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac
}

_subs_calendar_status() {
    repeating_flags=()
    non_repeating_flags=(--no-color --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac
}

_subs_calendar_serve() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --bind --port --timeout)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--bind')
        return
        ;;
    '--port')
        return
        ;;
    '--timeout')
        return
        ;;
    esac
}

_subs_calendar_publish() {
    repeating_flags=()
    non_repeating_flags=(--no-color --force --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --url --user --timeout)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--url')
        return
        ;;
    '--user')
        return
        ;;
    '--timeout')
        return
        ;;
    esac
}

_subs_remind() {
    repeating_flags=()
    non_repeating_flags=(--no-color --dry-run --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --via --command)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--via')
        __subs_add_completions -W 'notify'$'\n''stdout'$'\n''command'
        return
        ;;
    '--command')
        return
        ;;
    esac
}

_subs_snooze() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --days)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--days')
        return
        ;;
    esac
}

_subs_ack() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac
}

_subs_daemon() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --via --command --at --interval)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--via')
        __subs_add_completions -W 'notify'$'\n''stdout'$'\n''command'
        return
        ;;
    '--command')
        return
        ;;
    '--at')
        return
        ;;
    '--interval')
        return
        ;;
    esac
}

_subs_schedule() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __subs_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    install|uninstall|status)
        # Offer subcommand argument completions
        "_subs_schedule_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'install uninstall status' -- "${cur}"))
        ;;
    esac
}

_subs_schedule_install() {
    repeating_flags=()
    non_repeating_flags=(--no-color --systemd --cron --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --at)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--at')
        return
        ;;
    esac
}

_subs_schedule_uninstall() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac
}

_subs_schedule_status() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac
}

_subs_upcoming() {
    repeating_flags=()
    non_repeating_flags=(--no-color --json --csv --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --days --until)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--days')
        return
        ;;
    '--until')
        return
        ;;
    esac
}

_subs_forecast() {
    repeating_flags=()
    non_repeating_flags=(--no-color --json --csv --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --months)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--months')
        return
        ;;
    esac
}

_subs_report() {
    repeating_flags=()
    non_repeating_flags=(--no-color --month --year --json --csv --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --from --to --by --top)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    '--by')
        __subs_add_completions -W 'category'$'\n''payment-method'$'\n''tag'
        return
        ;;
    '--top')
        return
        ;;
    esac
}

_subs_budget() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __subs_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    status|set|rm)
        # Offer subcommand argument completions
        "_subs_budget_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'status set rm' -- "${cur}"))
        ;;
    esac
}

_subs_budget_status() {
    repeating_flags=()
    non_repeating_flags=(--no-color --check --json --csv --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac
}

_subs_budget_set() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --period --category --currency --threshold)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--period')
        __subs_add_completions -W 'monthly'$'\n''yearly'
        return
        ;;
    '--category')
        return
        ;;
    '--currency')
        return
        ;;
    '--threshold')
        return
        ;;
    esac
}

_subs_budget_rm() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --period --category)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--period')
        __subs_add_completions -W 'monthly'$'\n''yearly'
        return
        ;;
    '--category')
        return
        ;;
    esac
}

_subs_rates() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __subs_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|set|import|update)
        # Offer subcommand argument completions
        "_subs_rates_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list set import update' -- "${cur}"))
        ;;
    esac
}

_subs_rates_list() {
    repeating_flags=()
    non_repeating_flags=(--no-color --json --csv --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    esac
}

_subs_rates_set() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --base --date)
    __subs_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--base')
        return
        ;;
    '--date')
        return
        ;;
    esac
}

_subs_rates_import() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --base)
    __subs_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--base')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __subs_add_completions -o plusdirs -fX '!*.@(xml|csv)'
        return
        ;;
    esac
}

_subs_rates_update() {
    repeating_flags=()
    non_repeating_flags=(--no-color --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --url --timeout --base)
    __subs_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--url')
        return
        ;;
    '--timeout')
        return
        ;;
    '--base')
        return
        ;;
    esac
}

_subs_detect() {
    repeating_flags=()
    non_repeating_flags=(--no-color --json --csv --add -y --yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as-of --columns --currency)
    __subs_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __subs_add_completions -o plusdirs -fX '!*.@(db)'
        return
        ;;
    '--as-of')
        return
        ;;
    '--columns')
        return
        ;;
    '--currency')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __subs_add_completions -o plusdirs -fX '!*.@(csv|tsv|txt|ofx|qfx|qif|xml)'
        return
        ;;
    esac
}

_subs_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __subs_offer_flags_options -1
}

complete -o filenames -F _subs subs
