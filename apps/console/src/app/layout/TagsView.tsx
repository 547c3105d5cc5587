import { useEffect, useRef } from 'react';
import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconClose, IconDown } from '@arco-design/web-react/icon';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { useVisitedTags } from './useVisitedTags.ts';
import type { VisitedTag } from './visitedTags.ts';

type TagsState = ReturnType<typeof useVisitedTags>;

/** Visited pages as tabs; right-click a tab, or use the menu at the end, to close several at once. */
export function TagsView({ tags, activePath, close, closeOthers, closeAll }: TagsState) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const activeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath]);

  const actions = (tag: VisitedTag | undefined) => (
    <Menu
      onClickMenuItem={(key) => {
        if (key === 'close' && tag) close(tag.path);
        if (key === 'closeOthers' && tag) closeOthers(tag.path);
        if (key === 'closeAll') closeAll();
      }}
    >
      {tag && !tag.affix && (
        <Menu.Item key="close" data-testid="tag-action-close">
          {t('layout:closeTag')}
        </Menu.Item>
      )}
      {tag && (
        <Menu.Item key="closeOthers" data-testid="tag-action-close-others">
          {t('layout:closeOthers')}
        </Menu.Item>
      )}
      <Menu.Item key="closeAll" data-testid="tag-action-close-all">
        {t('layout:closeAll')}
      </Menu.Item>
    </Menu>
  );

  return (
    <div className="app-tags" data-testid="tags-view">
      <div className="app-tags-scroll">
        {tags.map((tag) => {
          const active = tag.path === activePath;
          return (
            <Dropdown key={tag.path} droplist={actions(tag)} trigger="contextMenu" position="bl">
              <div
                ref={active ? activeRef : undefined}
                className={`app-tag${active ? ' app-tag-active' : ''}`}
                role="link"
                tabIndex={0}
                onClick={() => navigate(tag.fullPath)}
                onKeyDown={(event) => event.key === 'Enter' && navigate(tag.fullPath)}
                data-testid="tag"
                data-path={tag.path}
                data-active={active}
                data-affix={tag.affix}
              >
                <span className="app-tag-dot" />
                <span className="app-tag-title">{t(`route:${tag.title}`)}</span>
                {!tag.affix && (
                  <span
                    className="app-tag-close"
                    role="button"
                    aria-label={t('layout:closeTag')}
                    data-testid="tag-close"
                    onClick={(event) => {
                      event.stopPropagation();
                      close(tag.path);
                    }}
                  >
                    <IconClose />
                  </span>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      <Dropdown droplist={actions(tags.find((tag) => tag.path === activePath))} trigger="click" position="br">
        <Button
          className="app-tags-actions"
          type="text"
          size="mini"
          icon={<IconDown />}
          aria-label={t('layout:tagActions')}
          title={t('layout:tagActions')}
          data-testid="tags-actions"
        />
      </Dropdown>
    </div>
  );
}
