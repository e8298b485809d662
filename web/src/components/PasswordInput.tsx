import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Input, type InputProps } from 'antd';
import { useState } from 'react';

/**
 * A password field with a real, focusable show/hide button. The button's name avoids
 * the word "password" so getByLabel('Password') finds only the input.
 */
export function PasswordInput(props: Omit<InputProps, 'type' | 'suffix'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <Button
          type="text"
          size="small"
          aria-label={visible ? 'Hide characters' : 'Show characters'}
          aria-pressed={visible}
          aria-controls={props.id}
          icon={visible ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setVisible((shown) => !shown)}
        />
      }
    />
  );
}
